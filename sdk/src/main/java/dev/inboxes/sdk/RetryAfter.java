package dev.inboxes.sdk;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Reads the {@code Retry-After} header: delay-seconds (what Inboxes sends) or an HTTP date (what proxies may send). */
final class RetryAfter {

    private RetryAfter() {
    }

    /** @return the requested wait, or null when the header is absent or unreadable */
    static Duration parse(HttpHeaders headers) {
        String value = headers.firstValue("Retry-After").map(String::trim).orElse(null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            long seconds = Long.parseLong(value);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException notSeconds) {
            return parseDate(value);
        }
    }

    private static Duration parseDate(String value) {
        try {
            Instant when = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(Instant.now(), when);
            return wait.isNegative() ? Duration.ZERO : wait;
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
