package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A validated request to create an inbox.
 *
 * @param username    the part before {@code @}, lower-cased; {@code null} for a random one
 * @param displayName optional human-readable name
 */
public record CreateInbox(String username, String displayName) {

    public static final int MAX_USERNAME_LENGTH = 64;
    public static final int MAX_DISPLAY_NAME_LENGTH = 256;
    // Checked before lower-casing: some non-ASCII letters (the Kelvin sign) lower-case to ASCII.
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9_-]|\\.(?!\\.))*");

    public static CreateInbox of(String username, String displayName) {
        return new CreateInbox(validUsername(username), validDisplayName(displayName));
    }

    /** Identifies the request's content, so a reused idempotency key with another body is caught. */
    String fingerprint() {
        return Hashing.sha256Hex("username" + field(username) + "\u0000display_name" + field(displayName));
    }

    /** Absent and the text "null" must differ: validated values never contain control characters. */
    private static String field(String value) {
        return value == null ? "\u0001" : "=" + value;
    }

    private static String validUsername(String username) {
        if (username == null) {
            return null;
        }
        if (username.isEmpty() || username.length() > MAX_USERNAME_LENGTH || !USERNAME.matcher(username).matches()
                || username.endsWith(".")) {
            throw new InvalidArgumentException("username", "username must be 1 to " + MAX_USERNAME_LENGTH
                    + " characters: ASCII letters, digits, '.', '_' or '-', starting with a letter or digit, without "
                    + "consecutive or trailing dots (got " + Text.quote(username) + "). Omit it to get a random address.");
        }
        return username.toLowerCase(Locale.ROOT);
    }

    private static String validDisplayName(String displayName) {
        if (displayName == null) {
            return null;
        }
        if (displayName.isBlank()) {
            throw new InvalidArgumentException("display_name",
                    "display_name must not be blank. Omit it (or send null) for an inbox without a display name.");
        }
        return Text.requirePlain("display_name", displayName, MAX_DISPLAY_NAME_LENGTH);
    }
}
