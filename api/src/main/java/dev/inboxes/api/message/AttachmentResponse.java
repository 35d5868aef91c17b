package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.shared.Text;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Attachment", description = "An attachment's description; GET …/attachments/{attachment_id} returns its "
        + "bytes.")
public record AttachmentResponse(
        @Schema(description = "Attachment id: att_ and 20 base62 characters.", examples = "att_5TqL0vB7nM2cR8wZ4kX9",
                required = true) String id,
        @Schema(description = "The file name the sender gave, decoded; null when the part names none.",
                examples = "invoice-1042.pdf", required = true, nullable = true) String filename,
        @JsonProperty("content_type")
        @Schema(description = "Media type, lower case.", examples = "application/pdf", required = true)
        String contentType,
        @Schema(description = "Size in bytes, decoded.", examples = "48213", required = true) long size,
        @Schema(description = "True for a part meant to be shown in the body (an image the HTML refers to by "
                + "cid:), false for a file attached to the message.", required = true) boolean inline,
        @JsonProperty("content_id")
        @Schema(description = "The Content-ID without angle brackets (what cid: URLs in the HTML name), or null.",
                examples = "logo@example.com", required = true, nullable = true) String contentId) {

    static AttachmentResponse fromDomain(Attachment attachment) {
        return new AttachmentResponse(attachment.id(), Text.withoutBidiControls(attachment.filename()),
                attachment.contentType(),
                attachment.size(), attachment.inline(), attachment.contentId());
    }
}
