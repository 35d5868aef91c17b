package dev.inboxes.domain.message;

/**
 * One part of a message's text: the characters {@code [start, end)} of a text of {@code length} characters. Parts
 * read one after another, each from the previous part's {@code nextCursor}, join to the whole text: no character
 * is lost or repeated, and no part ends inside a surrogate pair.
 *
 * @param nextCursor signed, continues right after {@code end}; {@code null} exactly when this part ends the text
 */
public record BodyPart(String text, int start, int end, int length, String nextCursor) {

    public BodyPart {
        if (start < 0 || end < start || end > length || text.length() != end - start) {
            throw new IllegalArgumentException("a part is [start, end) of the text");
        }
        if ((nextCursor != null) != (end < length)) {
            throw new IllegalArgumentException("a next cursor exactly when the text goes on");
        }
    }

    public boolean hasMore() {
        return nextCursor != null;
    }
}
