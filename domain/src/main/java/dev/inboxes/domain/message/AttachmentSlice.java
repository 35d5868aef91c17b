package dev.inboxes.domain.message;

/** An attachment's description and some of its bytes. */
public record AttachmentSlice(Attachment attachment, ByteSlice slice) {
}
