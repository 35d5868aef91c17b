package dev.inboxes.domain.message;

/** An attachment and its bytes. */
public record AttachmentContent(Attachment attachment, byte[] content) {
}
