package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.inbox.CreateInbox;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "CreateInboxRequest", description = "Both fields are optional; an empty body or {} creates an inbox "
        + "with a random address.")
public record CreateInboxRequest(
        @Schema(description = "The part before @: 1 to " + CreateInbox.MAX_USERNAME_LENGTH + " characters, ASCII letters, digits, '.', '_' or '-', "
                + "starting with a letter or digit; stored lower case. Random when absent.", examples = "support-bot",
                nullable = true) String username,
        @JsonProperty("display_name")
        @Schema(description = "Human-readable name, 1 to " + CreateInbox.MAX_DISPLAY_NAME_LENGTH
                + " characters without control characters.",
                examples = "Support bot", nullable = true) String displayName) {

    private static final Set<String> FIELDS = Set.of("username", "display_name");
    private static final String EXAMPLE = "{\"username\":\"support-bot\",\"display_name\":\"Support bot\"}";

    static CreateInboxRequest fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        return new CreateInboxRequest(fields.text("username"), fields.text("display_name"));
    }

    CreateInbox toDomain() {
        return CreateInbox.of(username, displayName);
    }
}
