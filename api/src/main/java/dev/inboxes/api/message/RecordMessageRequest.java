package dev.inboxes.api.message;

import dev.inboxes.domain.message.MessageContent;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.message.RecordMessage;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "RecordMessageRequest", description = "An inbound message to record in the inbox.")
public record RecordMessageRequest(
        @Schema(description = "Sender's email address, at most " + RecordMessage.MAX_ADDRESS_LENGTH + " characters.", examples = "alice@example.com",
                required = true) String from,
        @Schema(description = "Recipient address; defaults to the inbox's address.", examples = "support-bot@inboxes.test",
                nullable = true) String to,
        @Schema(description = "Subject line, at most " + RecordMessage.MAX_SUBJECT_LENGTH
                + " characters without line breaks; may be empty.",
                examples = "Order #1042 has not arrived", required = true) String subject,
        @Schema(description = "Plain-text body, at most " + RecordMessage.MAX_TEXT_LENGTH + " characters. Lists show its first "
                + MessageContent.PREVIEW_LENGTH + " characters "
                + "as preview.", examples = "Hello, my order placed on Monday has not arrived yet.", required = true)
        String text) {

    private static final Set<String> FIELDS = Set.of("from", "to", "subject", "text");
    private static final String EXAMPLE = "{\"from\":\"alice@example.com\",\"subject\":\"Hello\",\"text\":\"Hi there\"}";

    static RecordMessageRequest fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        return new RecordMessageRequest(fields.text("from"), fields.text("to"), fields.text("subject"),
                fields.text("text"));
    }

    RecordMessage toDomain() {
        return RecordMessage.of(from, to, subject, text);
    }
}
