package dev.inboxes.sdk;

import java.util.Objects;

/**
 * A file to attach to a message sent, replied or forwarded.
 *
 * @param filename    the name the recipient sees
 * @param contentType its media type, e.g. {@code application/pdf}
 * @param content     its bytes (sent base64; all attachments and bodies together at most 10 MB encoded)
 */
public record OutgoingAttachment(String filename, String contentType, byte[] content) {

    public OutgoingAttachment {
        Objects.requireNonNull(filename, "filename");
        Objects.requireNonNull(contentType, "contentType");
        content = Objects.requireNonNull(content, "content").clone();
    }

    @Override
    public byte[] content() {
        return content.clone();
    }
}
