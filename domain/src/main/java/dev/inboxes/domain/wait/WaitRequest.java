package dev.inboxes.domain.wait;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.RecordMessage;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A validated wait: for the earliest message of an inbox after {@code since}, optionally matching {@code from} and
 * {@code subject}, for at most {@code timeout}.
 *
 * @param next          the {@code next} of an earlier wait: continue right after the message (or the moment) it names;
 *                      {@code null} otherwise
 * @param receivedAfter a moment: the first message with {@code received_at} after it; {@code null} otherwise. With
 *                      neither, the wait is for a message that arrives after the call.
 * @param from          a case-insensitive substring of the sender's address, or {@code null}
 * @param subject       a case-insensitive substring of the subject, or {@code null}
 * @param verifiedOnly  only messages whose sender was verified at receipt ({@code Message#senderVerified})
 */
public record WaitRequest(String next, Instant receivedAfter, Duration timeout, String from, String subject,
                          boolean verifiedOnly) {

    public static final int MIN_TIMEOUT_SECONDS = 1;
    public static final int MAX_TIMEOUT_SECONDS = 60;
    public static final int DEFAULT_TIMEOUT_SECONDS = 30;
    /** The longest {@code since} taken: a {@code next} is about 80 characters, a date-time at most 64. */
    public static final int MAX_SINCE_LENGTH = 512;

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,9}");

    /** What {@code since} accepts, stated once for error details and the API's descriptions. */
    public static final String SINCE_FORMS = "the next of an earlier wait (to continue right after it), or a "
            + "date-time (the first message received after it); omit it to wait for a message that arrives after "
            + "the call";

    /**
     * @param timeoutArgument how the surface names the timeout ({@code timeout}, {@code timeout_seconds})
     */
    public static WaitRequest parse(String since, String timeout, String timeoutArgument, String from, String subject) {
        return parse(since, timeout, timeoutArgument, from, subject, false);
    }

    /** As {@link #parse(String, String, String, String, String)}, for verified senders only when asked. */
    public static WaitRequest parse(String since, String timeout, String timeoutArgument, String from, String subject,
            boolean verifiedOnly) {
        String next = null;
        Instant receivedAfter = null;
        if (since != null && !since.isBlank()) {
            String value = since.strip();
            if (value.length() > MAX_SINCE_LENGTH) {
                throw new InvalidArgumentException("since", "since must be " + SINCE_FORMS + " (got "
                        + value.length() + " characters).");
            }
            if (value.indexOf(':') >= 0) { // a next never holds a colon; a date-time always does
                receivedAfter = Timestamps.parse("since", value);
            } else {
                next = value;
            }
        }
        return new WaitRequest(next, receivedAfter, timeout(timeout, timeoutArgument), filter("from", from,
                RecordMessage.MAX_ADDRESS_LENGTH), filter("subject", subject, RecordMessage.MAX_SUBJECT_LENGTH),
                verifiedOnly);
    }

    private static Duration timeout(String timeout, String argument) {
        if (timeout == null || timeout.isBlank()) {
            return Duration.ofSeconds(DEFAULT_TIMEOUT_SECONDS);
        }
        String digits = timeout.strip();
        if (digits.endsWith(".0")) {
            digits = digits.substring(0, digits.length() - 2); // JSON clients may send 30.0 for 30
        }
        if (!WHOLE_NUMBER.matcher(digits).matches() || Integer.parseInt(digits) < MIN_TIMEOUT_SECONDS
                || Integer.parseInt(digits) > MAX_TIMEOUT_SECONDS) {
            throw new InvalidArgumentException(argument, argument + " must be a whole number of seconds from "
                    + MIN_TIMEOUT_SECONDS + " to " + MAX_TIMEOUT_SECONDS + " (got " + Text.quote(timeout) + "). Omit it "
                    + "to wait " + DEFAULT_TIMEOUT_SECONDS + " seconds; to wait longer, call again with the next it "
                    + "returns.");
        }
        return Duration.ofSeconds(Integer.parseInt(digits));
    }

    private static String filter(String argument, String value, int maxLength) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        Text.requirePlain(argument, value, maxLength);
        return value.toLowerCase(Locale.ROOT);
    }

    /** Whether the message is one this wait is for (its position in the sequence aside). */
    public boolean matches(Message message) {
        // A wait is for mail that arrives: what the inbox sends meanwhile (its own replies) is not an answer.
        return message.direction() == dev.inboxes.domain.message.Direction.INBOUND
                && (receivedAfter == null || message.receivedAt().isAfter(receivedAfter))
                && (from == null || message.from().toLowerCase(Locale.ROOT).contains(from))
                && (subject == null || message.subject().toLowerCase(Locale.ROOT).contains(subject))
                && (!verifiedOnly || message.senderVerified());
    }
}
