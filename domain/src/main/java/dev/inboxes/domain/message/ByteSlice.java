package dev.inboxes.domain.message;

import java.util.Arrays;

/**
 * Some of a stored content's bytes (a message as received, an attachment): {@code bytes} are the content's bytes from
 * {@code start} on, as many as were asked for and exist; {@code length} is the whole content's. A slice that starts
 * at or after the end holds no bytes.
 */
public record ByteSlice(byte[] bytes, int start, int length) {

    public ByteSlice {
        if (start < 0 || length < 0 || bytes.length > Math.max(0, length - start)) {
            throw new IllegalArgumentException("a slice is bytes of its content from start on");
        }
    }

    /** The slice of {@code content} that starts at {@code start} and holds at most {@code maxBytes}. */
    public static ByteSlice of(byte[] content, int start, int maxBytes) {
        int from = Math.min(start, content.length);
        int to = (int) Math.min(content.length, (long) from + maxBytes);
        return new ByteSlice(Arrays.copyOfRange(content, from, to), start, content.length);
    }

    /** Whether the slice holds the content whole. */
    public boolean whole() {
        return start == 0 && bytes.length == length;
    }

    public int end() {
        return start + bytes.length;
    }
}
