package dev.inboxes.domain.shared;

/** Checks on caller-supplied text. */
public final class Text {

    private Text() {
    }

    /** Control characters (including NUL, which PostgreSQL text cannot hold) are never accepted. */
    public static boolean hasControlCharacters(String value) {
        return value.chars().anyMatch(Character::isISOControl);
    }

    private static final int QUOTED_LENGTH = 64;

    /**
     * Caller input quoted for an error message: at most {@value #QUOTED_LENGTH} characters, control
     * characters escaped, so a hostile value cannot bloat or break the message.
     */
    public static String quote(String value) {
        StringBuilder quoted = new StringBuilder("'");
        value.codePoints().limit(QUOTED_LENGTH).forEach(c -> {
            if (Character.isISOControl(c)) {
                quoted.append(String.format("\\u%04x", c));
            } else {
                quoted.appendCodePoint(c);
            }
        });
        return quoted.append(value.codePointCount(0, value.length()) > QUOTED_LENGTH ? "…'" : "'").toString();
    }

    /** Rejects text longer than {@code maxLength} characters; returns it unchanged otherwise. */
    public static String requireMaxLength(String argument, String value, int maxLength) {
        if (value.length() > maxLength) {
            throw new InvalidArgumentException(argument, argument + " must be at most " + maxLength
                    + " characters (got " + value.length() + ").");
        }
        return value;
    }

    /** Rejects text that is too long or contains control characters; returns it unchanged otherwise. */
    public static String requirePlain(String argument, String value, int maxLength) {
        requireMaxLength(argument, value, maxLength);
        if (hasControlCharacters(value)) {
            throw new InvalidArgumentException(argument, argument
                    + " must not contain control characters such as line breaks, tabs or NUL.");
        }
        return value;
    }
}
