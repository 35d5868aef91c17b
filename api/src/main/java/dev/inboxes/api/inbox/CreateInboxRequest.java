package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.shared.InvalidArgumentException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The create body. Read field by field from the JSON tree, so a typo ({@code displayName}) or a wrong type
 * ({@code "username": 42}) is a clear 400 instead of a silently ignored or coerced value.
 */
@Schema(name = "CreateInboxRequest", description = "Both fields are optional; an empty body or {} creates an inbox "
        + "with a random address.")
public record CreateInboxRequest(
        @Schema(description = "The part before @: 1 to 64 characters, letters, digits, '.', '_' or '-', starting "
                + "with a letter or digit; stored lower case. Random when absent.", examples = "support-bot",
                nullable = true) String username,
        @JsonProperty("display_name")
        @Schema(description = "Human-readable name, 1 to 256 characters without control characters.",
                examples = "Support bot", nullable = true) String displayName) {

    private static final Set<String> FIELDS = Set.of("username", "display_name");

    static CreateInboxRequest fromJson(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return new CreateInboxRequest(null, null);
        }
        if (!body.isObject()) {
            throw new InvalidArgumentException("body", "The body must be a JSON object such as "
                    + "{\"username\":\"support-bot\",\"display_name\":\"Support bot\"}; both fields are optional.");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new InvalidArgumentException(name, "Unknown field '" + name
                        + "'. The fields are username and display_name (snake_case), both optional.");
            }
        }
        return new CreateInboxRequest(text(body, "username"), text(body, "display_name"));
    }

    CreateInbox toDomain() {
        return CreateInbox.of(username, displayName);
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new InvalidArgumentException(field, field + " must be a string or null (got " + value.getNodeType()
                    .toString().toLowerCase(Locale.ROOT) + ").");
        }
        return value.textValue();
    }
}
