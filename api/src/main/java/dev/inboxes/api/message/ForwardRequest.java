package dev.inboxes.api.message;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.outbound.MailBody;
import dev.inboxes.domain.outbound.SendRequest;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ForwardRequest", description = "Sends a message of the inbox on: the original is attached whole "
        + "(message/rfc822) under Fwd:, after your own text if you give one.")
public record ForwardRequest(
        @Schema(description = "Recipients' addresses.", examples = "[\"bob@example.com\"]", required = true)
        List<String> to,
        @Schema(description = "Your text above the forwarded message.", examples = "See below.", nullable = true)
        String text,
        @Schema(description = "Your HTML above the forwarded message.", nullable = true) String html) {

    private static final Set<String> FIELDS = Set.of("to", "text", "html");
    private static final String EXAMPLE = "{\"to\":[\"bob@example.com\"],\"text\":\"See below.\"}";

    /** The recipients and the forwarder's own body. */
    record Parsed(List<String> to, MailBody body) {
    }

    static Parsed fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        List<String> to = fields.texts("to", SendRequest.MAX_RECIPIENTS + 1);
        return new Parsed(to == null ? List.of() : to,
                MailBody.of(fields.text("text"), fields.text("html"), null, false));
    }
}
