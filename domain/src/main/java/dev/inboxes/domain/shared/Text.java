package dev.inboxes.domain.shared;

/** Checks on caller-supplied text. */
public final class Text {

    private Text() {
    }

    /** Control characters (including NUL, which PostgreSQL text cannot hold) are never accepted. */
    public static boolean hasControlCharacters(String value) {
        return value.chars().anyMatch(Character::isISOControl);
    }

    /** The most characters of a caller's value an error message quotes. */
    public static final int QUOTED_LENGTH = 64;

    /**
     * Caller input quoted for an error message: at most {@value #QUOTED_LENGTH} characters, control
     * characters and unpaired surrogates escaped, so a hostile value cannot bloat or break the message (a lone
     * surrogate cannot be written as UTF-8 at all).
     */
    public static String quote(String value) {
        if (value == null) {
            return "null";
        }
        StringBuilder quoted = new StringBuilder("'");
        value.codePoints().limit(QUOTED_LENGTH).forEach(c -> {
            if (Character.isISOControl(c) || isSurrogate(c)) {
                quoted.append(String.format("\\u%04x", c));
            } else {
                quoted.appendCodePoint(c);
            }
        });
        return quoted.append(value.codePointCount(0, value.length()) > QUOTED_LENGTH ? "…'" : "'").toString();
    }

    /**
     * The index of the first unpaired surrogate, or -1 when the text is well-formed Unicode. Such a character has
     * no UTF-8 form, so PostgreSQL could not store it: the driver would silently write '?' instead.
     */
    public static int unpairedSurrogate(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    /** Rejects text that is not well-formed Unicode (an unpaired surrogate); returns it unchanged otherwise. */
    public static String requireWellFormed(String argument, String value) {
        int at = unpairedSurrogate(value);
        if (at >= 0) {
            throw new InvalidArgumentException(argument, argument + " is not valid Unicode: character " + (at + 1)
                    + String.format(" is an unpaired surrogate (\\u%04x), which has no UTF-8 form and cannot be stored. ",
                            (int) value.charAt(at))
                    + "Send the text as UTF-8; in JSON, escape a character beyond U+FFFF as a pair such as \\ud83d\\udcec.");
        }
        return value;
    }

    private static boolean isSurrogate(int codePoint) {
        return codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
    }

    /** Rejects text longer than {@code maxLength} characters; returns it unchanged otherwise. */
    public static String requireMaxLength(String argument, String value, int maxLength) {
        if (value.length() > maxLength) {
            throw new InvalidArgumentException(argument, argument + " must be at most " + maxLength
                    + " characters (got " + value.length() + ").");
        }
        return value;
    }

    /**
     * Rejects text that is too long, contains control characters or is not well-formed Unicode; returns it
     * unchanged otherwise.
     */
    public static String requirePlain(String argument, String value, int maxLength) {
        requireMaxLength(argument, value, maxLength);
        requireWellFormed(argument, value);
        if (hasControlCharacters(value)) {
            throw new InvalidArgumentException(argument, argument
                    + " must not contain control characters such as line breaks, tabs or NUL.");
        }
        return value;
    }

    /**
     * Whether a character reorders the text around it (bidirectional marks, embeddings, overrides and isolates):
     * in a file name, {@code invoice\u202Efdp.exe} shows as {@code invoiceexe.pdf}.
     */
    public static boolean isBidiControl(int c) {
        return c == 0x061C || c == 0x200E || c == 0x200F || c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069;
    }

    /** The value without {@link #isBidiControl bidirectional controls}; {@code null} stays {@code null}. */
    public static String withoutBidiControls(String value) {
        if (value == null || value.codePoints().noneMatch(Text::isBidiControl)) {
            return value;
        }
        StringBuilder kept = new StringBuilder(value.length());
        value.codePoints().filter(c -> !isBidiControl(c)).forEach(kept::appendCodePoint);
        return kept.toString();
    }
}
