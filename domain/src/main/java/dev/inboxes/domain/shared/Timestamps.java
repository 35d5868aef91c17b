package dev.inboxes.domain.shared;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Timestamps as the contract has them: RFC 3339 on the wire, microseconds in storage (PostgreSQL's precision). */
public final class Timestamps {

    /** RFC 3339 {@code date-time}: seconds and an offset are required ({@code ISO_OFFSET_DATE_TIME} makes them optional). */
    private static final DateTimeFormatter RFC_3339 = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral('T')
            .appendValue(ChronoField.HOUR_OF_DAY, 2).appendLiteral(':')
            .appendValue(ChronoField.MINUTE_OF_HOUR, 2).appendLiteral(':')
            .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true).optionalEnd()
            .appendOffset("+HH:MM", "Z")
            .toFormatter(Locale.ROOT)
            .withResolverStyle(ResolverStyle.STRICT)
            .withChronology(IsoChronology.INSTANCE);

    private Timestamps() {
    }

    /**
     * Parses an RFC 3339 timestamp with an explicit offset, e.g. {@code 2026-11-29T21:48:33Z}.
     *
     * @param argument the argument's name, for the error message
     * @return {@code null} when {@code value} is null or blank
     */
    public static Instant parseRfc3339(String argument, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value.trim().toUpperCase(Locale.ROOT), RFC_3339).toInstant();
        } catch (DateTimeParseException e) {
            String hint = value.contains(" ") ? " A '+' in a query string decodes as a space: send it as %2B." : "";
            throw new InvalidArgumentException(argument, argument + " must be an RFC 3339 timestamp with a time zone, "
                    + "such as 2026-11-29T21:48:33Z or 2026-11-29T22:48:33+01:00 (got " + Text.quote(value) + ")." + hint);
        }
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
