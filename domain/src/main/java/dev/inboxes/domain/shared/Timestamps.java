package dev.inboxes.domain.shared;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Timestamps as the contract has them: written as RFC 3339 UTC, stored at microseconds (PostgreSQL's precision),
 * and read in every form that mainstream clients send for an OpenAPI {@code date-time}. What openapi-generator
 * 7.x clients send for a {@code date-time} query parameter:
 * <ul>
 *     <li>java ({@code native} and the other libraries): {@code OffsetDateTime.format(ISO_OFFSET_DATE_TIME)},
 *     e.g. {@code 2026-11-29T21:48:33.5Z} or {@code 2026-11-29T22:48:33.123456+01:00} (0 to 9 fraction digits);</li>
 *     <li>typescript-fetch: {@code Date.toISOString()}, e.g. {@code 2026-11-29T21:48:33.123Z};</li>
 *     <li>python: {@code strftime("%Y-%m-%dT%H:%M:%S.%f%z")}, e.g. {@code 2026-11-29T21:48:33.123456+0000}: an
 *     ISO 8601 offset without the colon, which RFC 3339 alone does not allow (and no offset at all for a naive
 *     {@code datetime}, which stays refused: its zone is unknown);</li>
 *     <li>go: {@code time.Time.Format(time.RFC3339Nano)}, e.g. {@code 2026-11-29T21:48:33.123456789Z}.</li>
 * </ul>
 */
public final class Timestamps {

    /** What a timestamp argument accepts, stated once for error details and API descriptions alike. */
    public static final String ACCEPTED = "a date-time with seconds and a time zone, as in RFC 3339 "
            + "(2026-11-29T21:48:33Z, 2026-11-29T22:48:33.123456+01:00); the zone may be Z, +hh:mm, -hh:mm, +hhmm or "
            + "-hhmm (the ISO 8601 form Python's %z writes), and the optional fraction of a second any number of "
            + "digits (past nanoseconds it rounds up); a year outside 0000 to 9999 takes ISO 8601's expanded form, a sign "
            + "and 4 to 9 digits (-4713, +294246)";

    /** Longest accepted value: a 4-digit year, nanoseconds and an offset fit with room for longer fractions. */
    public static final int MAX_LENGTH = 64;

    private static final Pattern DATE_TIME = Pattern.compile(
            "([+-]\\d{4,9}|\\d{4})-(\\d{2})-(\\d{2})[Tt](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?(?:([Zz])|([+-])(\\d{2}):?(\\d{2}))");
    private static final Pattern WITHOUT_ZONE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?");
    private static final int NANO_DIGITS = 9;

    private Timestamps() {
    }

    /**
     * Parses a timestamp in one of the {@link #ACCEPTED} forms, within the times the service can store
     * ({@link #requireSupported}): every caller compares it with stored times.
     *
     * @param argument the argument's name, for the error message
     * @return {@code null} when {@code value} is null or blank
     */
    public static Instant parse(String argument, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.trim();
        Matcher parts = text.length() <= MAX_LENGTH ? DATE_TIME.matcher(text) : null;
        if (parts == null || !parts.matches()) {
            throw refused(argument, value, text);
        }
        try {
            LocalDateTime local = LocalDateTime.of(number(parts, 1), number(parts, 2), number(parts, 3),
                    number(parts, 4), number(parts, 5), number(parts, 6), nanos(parts.group(7)));
            ZoneOffset offset = parts.group(8) != null ? ZoneOffset.UTC : ZoneOffset.ofHoursMinutes(
                    sign(parts.group(9)) * number(parts, 10), sign(parts.group(9)) * number(parts, 11));
            Instant instant = local.toInstant(offset);
            return requireSupported(argument, roundsUp(parts.group(7)) ? instant.plusNanos(1) : instant);
        } catch (DateTimeException outOfRange) { // e.g. month 13, February 30, hour 25, offset +25:00
            throw refused(argument, value, text);
        }
    }

    private static InvalidArgumentException refused(String argument, String value, String text) {
        String hint = "";
        if (text.length() <= MAX_LENGTH && WITHOUT_ZONE.matcher(text).matches()) {
            hint = " It has no time zone: append Z for UTC (a Python datetime needs tzinfo, "
                    + "e.g. datetime.now(timezone.utc)).";
        } else if (value.contains(" ")) {
            hint = " A '+' in a query string decodes as a space: send it as %2B.";
        } else if (text.length() > MAX_LENGTH) {
            hint = " It is longer than " + MAX_LENGTH + " characters.";
        }
        return new InvalidArgumentException(argument, argument + " must be " + ACCEPTED + " (got " + Text.quote(value)
                + ")." + hint);
    }

    private static int number(Matcher parts, int group) {
        return Integer.parseInt(parts.group(group)); // accepts the leading sign of an expanded year
    }

    private static int sign(String sign) {
        return "-".equals(sign) ? -1 : 1;
    }

    private static int nanos(String fraction) {
        if (fraction == null) {
            return 0;
        }
        String nanos = fraction.length() >= NANO_DIGITS ? fraction.substring(0, NANO_DIGITS)
                : fraction + "0".repeat(NANO_DIGITS - fraction.length());
        return Integer.parseInt(nanos);
    }

    /**
     * Digits past nanoseconds round up: every stored time is a whole microsecond, so an inclusive lower bound and
     * an exclusive upper bound both select exactly the same rows as the unrounded value would.
     */
    private static boolean roundsUp(String fraction) {
        return fraction != null && fraction.length() > NANO_DIGITS
                && fraction.substring(NANO_DIGITS).chars().anyMatch(digit -> digit != '0');
    }

    /** The smallest microsecond instant not before {@code at}: exact bounds for columns with microsecond values. */
    public static Instant ceilToMicros(Instant at) {
        Instant floor = at.truncatedTo(ChronoUnit.MICROS);
        return floor.equals(at) ? at : floor.plus(1, ChronoUnit.MICROS);
    }

    /** Creation instants are stored at microsecond precision so a cursor holds the exact stored value. */
    public static Instant nowMicros(java.time.Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    /**
     * The earliest instant the service stores: PostgreSQL's {@code timestamptz} begins at 4714-11-24 BC, midnight
     * UTC (ISO year -4713).
     */
    public static final String EARLIEST_TEXT = "-4713-11-24T00:00:00Z";
    /** {@link #EARLIEST_TEXT} as an instant. */
    public static final Instant EARLIEST = Instant.parse(EARLIEST_TEXT);

    /**
     * The latest instant the service stores: PostgreSQL's {@code timestamptz} ends in 294276 AD, and a cursor
     * holds its position in epoch microseconds in a {@code long}, which ends in January 294247 AD.
     */
    public static final String LATEST_TEXT = "+294246-12-31T23:59:59.999999Z";
    /** {@link #LATEST_TEXT} as an instant. */
    public static final Instant LATEST = Instant.parse(LATEST_TEXT);

    /**
     * Rejects a parsed timestamp outside {@link #EARLIEST} to {@link #LATEST}: it could be neither stored nor
     * compared with stored times, so it is the caller's error, answered with the accepted range.
     *
     * @return {@code at} unchanged; {@code null} stays {@code null}
     */
    public static Instant requireSupported(String argument, Instant at) {
        if (at != null && (at.isBefore(EARLIEST) || at.isAfter(LATEST))) {
            throw new InvalidArgumentException(argument, argument + " must be between " + EARLIEST + " and " + LATEST
                    + ", the times this service can store (got " + at + ").");
        }
        return at;
    }
}
