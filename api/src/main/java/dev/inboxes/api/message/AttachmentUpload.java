package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.api.json.JsonFields;
import dev.inboxes.domain.outbound.MailBody;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "AttachmentUpload", description = "A file to attach, its bytes in base64.")
public record AttachmentUpload(
        @Schema(description = "The file name the recipient sees, at most " + MailBody.MAX_FILENAME_LENGTH
                + " characters.", examples = "invoice-1042.pdf", required = true) String filename,
        @JsonProperty("content_type")
        @Schema(description = "Media type.", examples = "application/pdf", required = true) String contentType,
        @JsonProperty("content_base64")
        @Schema(description = "The file's bytes, base64 (RFC 4648); all attachments, text and html together at most "
                + MailBody.MAX_ENCODED_BYTES / (1024 * 1024) + " MB.", examples = "JVBERi0xLjQK", required = true)
        String contentBase64) {

    static final String FIELD = "attachments";
    private static final Set<String> FIELDS = Set.of("filename", "content_type", "content_base64");
    private static final String EXAMPLE = "{\"filename\":\"notes.txt\",\"content_type\":\"text/plain\","
            + "\"content_base64\":\"aGVsbG8=\"}";

    /** The request's attachments, or {@code null} when it has none. */
    static List<MailBody.Upload> fromJson(JsonFields request) {
        List<JsonFields> items = request.objects(FIELD, MailBody.MAX_ATTACHMENTS, FIELDS, EXAMPLE);
        return items == null ? null : items.stream()
                .map(item -> new MailBody.Upload(item.text("filename"), item.text("content_type"),
                        item.text("content_base64")))
                .toList();
    }
}
