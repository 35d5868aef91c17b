package dev.inboxes.domain.message;

/**
 * A stored attachment's description (its bytes are read separately).
 *
 * @param id          {@code att_…}
 * @param filename    the decoded file name, or {@code null}
 * @param contentType the media type
 * @param size        bytes
 * @param contentId   the Content-ID without angle brackets, or {@code null}
 * @param inline      whether the part is meant to be shown in the body
 */
public record Attachment(String id, String filename, String contentType, long size, String contentId, boolean inline) {

    public static final String ID_PREFIX = "att_";
}
