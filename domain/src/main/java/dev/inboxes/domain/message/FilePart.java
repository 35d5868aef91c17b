package dev.inboxes.domain.message;

/**
 * One part of a stored content read as text (a message as received, a text attachment): the bytes
 * {@code [start, end)} of a content of {@code length} bytes, decoded. Parts read one after another, each from the
 * previous part's {@code end}, join to the whole content's text: no character is lost or repeated.
 */
public record FilePart(String text, int start, int end, int length) {

    public FilePart {
        if (start < 0 || end < start || end > length) {
            throw new IllegalArgumentException("a part is bytes [start, end) of its content");
        }
    }

    public boolean hasMore() {
        return end < length;
    }
}
