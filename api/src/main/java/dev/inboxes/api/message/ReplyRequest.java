package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.outbound.MailBody;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ReplyRequest", description = "An answer to a message of the inbox: to its Reply-To (else From), "
        + "with Re: and the references that keep it in the thread. Give text, html or both.")
public record ReplyRequest(
        @Schema(description = "Plain-text body.", examples = "Thanks, it arrived this morning.", nullable = true)
        String text,
        @Schema(description = "HTML body.", nullable = true) String html,
        @JsonProperty("reply_all")
        @Schema(description = "Also Cc everyone in the original's To and Cc, except the inbox itself (never its "
                + "Bcc).", defaultValue = "false") Boolean replyAll,
        @Schema(description = "Files to attach.", nullable = true) List<AttachmentUpload> attachments) {

    private static final Set<String> FIELDS = Set.of("text", "html", "reply_all", AttachmentUpload.FIELD);
    private static final String EXAMPLE = "{\"text\":\"Thanks, it arrived.\",\"reply_all\":false}";

    /** The body, and whether to answer everyone. */
    record Parsed(MailBody body, boolean replyAll) {
    }

    static Parsed fromJson(JsonNode body) {
        JsonFields fields = JsonFields.of(body, FIELDS, EXAMPLE);
        return new Parsed(MailBody.of(fields.text("text"), fields.text("html"), AttachmentUpload.fromJson(fields),
                true), fields.bool("reply_all", false));
    }
}
