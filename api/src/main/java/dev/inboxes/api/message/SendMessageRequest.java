package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.outbound.MailBody;
import dev.inboxes.domain.outbound.SendRequest;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "SendMessageRequest", description = "A new message from the inbox's own address. To, Cc and Bcc "
        + "together name at most " + SendRequest.MAX_RECIPIENTS + " recipients; give text, html or both.")
public record SendMessageRequest(
        @Schema(description = "Recipients' addresses (RFC 5322 addr-spec; UTF-8 allowed, RFC 6531).",
                examples = "[\"alice@example.com\"]", required = true) List<String> to,
        @Schema(description = "Cc recipients.", nullable = true) List<String> cc,
        @Schema(description = "Bcc recipients: they receive it, and no header names them.", nullable = true)
        List<String> bcc,
        @Schema(description = "Subject line, at most " + SendRequest.MAX_SUBJECT_LENGTH
                + " characters without line breaks; may be empty.", examples = "Your order #1042", required = true)
        String subject,
        @Schema(description = "Plain-text body.", examples = "Hello Alice, your order ships today.", nullable = true)
        String text,
        @Schema(description = "HTML body (sent as multipart/alternative with text when both are given).",
                nullable = true) String html,
        @JsonProperty("reply_to")
        @Schema(description = "The Reply-To address, when answers should go elsewhere than the inbox.",
                examples = "orders@example.com", nullable = true) String replyTo,
        @Schema(description = "Files to attach.", nullable = true) List<AttachmentUpload> attachments) {

    private static final Set<String> FIELDS = Set.of("to", "cc", "bcc", "subject", "text", "html", "reply_to",
            AttachmentUpload.FIELD);
    private static final String EXAMPLE = "{\"to\":[\"alice@example.com\"],\"subject\":\"Hello\",\"text\":\"Hi there\"}";

    static SendRequest fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        return SendRequest.of(fields.texts("to", SendRequest.MAX_RECIPIENTS + 1),
                fields.texts("cc", SendRequest.MAX_RECIPIENTS + 1), fields.texts("bcc", SendRequest.MAX_RECIPIENTS + 1),
                fields.text("subject"), fields.text("reply_to"),
                MailBody.of(fields.text("text"), fields.text("html"), AttachmentUpload.fromJson(fields), true));
    }
}
