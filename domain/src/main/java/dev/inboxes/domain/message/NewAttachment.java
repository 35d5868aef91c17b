package dev.inboxes.domain.message;

import java.util.Objects;

/**
 * An attachment as received, before it is stored.
 *
 * @param filename    the decoded file name, or {@code null} when the part names none
 * @param contentType the media type, lower case, e.g. {@code application/pdf}
 * @param contentId   the Content-ID without angle brackets, or {@code null}
 * @param inline      whether the part is meant to be shown in the body (an image the HTML refers to)
 * @param content     the decoded bytes
 */
public record NewAttachment(String filename, String contentType, String contentId, boolean inline, byte[] content) {

    public NewAttachment {
        Objects.requireNonNull(contentType, "contentType");
        Objects.requireNonNull(content, "content");
    }
}
