package dev.inboxes.api.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;

/**
 * Writes an {@link Instant} exactly as {@link Instant#toString()} does (RFC 3339, UTC, fraction in groups of
 * three digits), without the formatter machinery: timestamps were the costliest part of writing a page.
 * Covers years 0 to 9999; others fall back to {@code toString()}.
 */
public final class InstantWriter extends StdSerializer<Instant> {

    private static final long SECONDS_PER_DAY = 86_400;

    public InstantWriter() {
        super(Instant.class);
    }

    @Override
    public void serialize(Instant value, JsonGenerator generator, SerializerProvider provider) throws IOException {
        generator.writeString(format(value));
    }

    static String format(Instant instant) {
        long seconds = instant.getEpochSecond();
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, SECONDS_PER_DAY));
        if (date.getYear() < 0 || date.getYear() > 9999) {
            return instant.toString();
        }
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        char[] text = new char[30];
        int at = digits(text, 0, date.getYear(), 4);
        text[at++] = '-';
        at = digits(text, at, date.getMonthValue(), 2);
        text[at++] = '-';
        at = digits(text, at, date.getDayOfMonth(), 2);
        text[at++] = 'T';
        at = digits(text, at, secondOfDay / 3600, 2);
        text[at++] = ':';
        at = digits(text, at, secondOfDay / 60 % 60, 2);
        text[at++] = ':';
        at = digits(text, at, secondOfDay % 60, 2);
        int nanos = instant.getNano();
        if (nanos != 0) {
            text[at++] = '.';
            if (nanos % 1_000_000 == 0) {
                at = digits(text, at, nanos / 1_000_000, 3);
            } else if (nanos % 1_000 == 0) {
                at = digits(text, at, nanos / 1_000, 6);
            } else {
                at = digits(text, at, nanos, 9);
            }
        }
        text[at++] = 'Z';
        return new String(text, 0, at);
    }

    private static int digits(char[] text, int at, int value, int width) {
        for (int i = width - 1; i >= 0; i--) {
            text[at + i] = (char) ('0' + value % 10);
            value /= 10;
        }
        return at + width;
    }
}
