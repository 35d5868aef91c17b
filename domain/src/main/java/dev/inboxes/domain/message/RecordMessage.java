package dev.inboxes.domain.message;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;

/**
 * A validated request to record an inbound message.
 *
 * @param to {@code null}: the inbox's own address
 */
public record RecordMessage(String from, String to, String subject, String text) {

    public static final int MAX_ADDRESS_LENGTH = 320;
    public static final int MAX_SUBJECT_LENGTH = 998; // RFC 5322's line limit
    public static final int MAX_TEXT_LENGTH = 100_000;

    public static RecordMessage of(String from, String to, String subject, String text) {
        return new RecordMessage(address("from", required("from", from)), to == null ? null : address("to", to),
                Text.requirePlain("subject", required("subject", subject), MAX_SUBJECT_LENGTH),
                text(required("text", text)));
    }

    /** The first {@value MessageContent#PREVIEW_LENGTH} characters, never ending inside a surrogate pair. */
    public String preview() {
        return MessageContent.preview(text);
    }

    private static String required(String field, String value) {
        if (value == null) {
            throw new InvalidArgumentException(field, field + " is required.");
        }
        return value;
    }

    private static String address(String field, String value) {
        Text.requirePlain(field, value, MAX_ADDRESS_LENGTH);
        int at = value.lastIndexOf('@');
        if (at < 1 || at == value.length() - 1 || value.chars().anyMatch(Character::isWhitespace)) {
            throw new InvalidArgumentException(field, field + " must be an email address such as "
                    + "alice@example.com (got " + Text.quote(value) + ").");
        }
        return value;
    }

    private static String text(String value) {
        Text.requireMaxLength("text", value, MAX_TEXT_LENGTH); // line breaks are fine in a body
        Text.requireWellFormed("text", value);
        if (value.indexOf('\u0000') >= 0) {
            throw new InvalidArgumentException("text", "text must not contain NUL characters.");
        }
        return value;
    }
}
