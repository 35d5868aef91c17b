package dev.inboxes.domain.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    private static InvalidArgumentException refused(String value) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                () -> Timestamps.parseRfc3339("created_after", value));
        assertThat(e).as("'%s' must be refused", value).isNotNull();
        assertThat(e.argument()).isEqualTo("created_after");
        return e;
    }

    @Nested
    class ParseRfc3339 {

        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {
                "2026-11-29T21:48:33Z          | 2026-11-29T21:48:33Z",
                "2026-11-29T22:48:33+01:00     | 2026-11-29T21:48:33Z",
                "2026-11-29T16:18:33-05:30     | 2026-11-29T21:48:33Z",
                "2026-11-29T21:48:33+00:00     | 2026-11-29T21:48:33Z",
                "2026-11-29T21:48:33-00:00     | 2026-11-29T21:48:33Z",
                "2026-11-29t21:48:33z          | 2026-11-29T21:48:33Z",
                "2026-11-29T21:48:33.5Z        | 2026-11-29T21:48:33.500Z",
                "2026-11-29T21:48:33.123456Z   | 2026-11-29T21:48:33.123456Z",
                "2026-11-29T21:48:33.123456789Z | 2026-11-29T21:48:33.123456789Z",
                "2026-11-29T22:48:33.1+01:00   | 2026-11-29T21:48:33.100Z",
                "1969-12-31T23:59:59.999999Z   | 1969-12-31T23:59:59.999999Z",
                "2026-11-30T00:48:33+03:00     | 2026-11-29T21:48:33Z"})
        void acceptsTimestampsWithAZoneOrOffset(String value, String expected) {
            assertThat(Timestamps.parseRfc3339("created_after", value)).isEqualTo(Instant.parse(expected));
        }

        @Test
        void surroundingWhitespaceIsIgnored() {
            assertThat(Timestamps.parseRfc3339("created_after", " 2026-11-29T21:48:33Z "))
                    .isEqualTo(Instant.parse("2026-11-29T21:48:33Z"));
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t"})
        void nullOrBlankMeansNoTimestamp(String value) {
            assertThat(Timestamps.parseRfc3339("created_after", value)).isNull();
        }

        @ParameterizedTest
        @ValueSource(strings = {"2026-11-29", "2026-11-29T21:48:33", "2026-11-29T21:48:33.123", "21:48:33Z",
                "yesterday", "now", "1764452913", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z",
                "2026-11-29T25:00:00Z", "2026/11/29T21:48:33Z", "2026-11-29T21:48:33+25:00", "Z",
                "2026-11-29T21:48Z", "2026-11-29T21:48:33+01", "2026-11-29T21:48:33.1234567890Z"})
        void refusesTimestampsThatAreNotRfc3339WithAZone(String value) {
            assertThat(refused(value))
                    .hasMessageContaining("created_after must be an RFC 3339 timestamp with a time zone")
                    .hasMessageContaining("(got '" + value + "')")
                    .hasMessageNotContaining("%2B");
        }

        @Test
        void aPlusDecodedAsASpaceGetsTheHint() {
            assertThat(refused("2026-11-29T22:48:33 01:00"))
                    .hasMessageContaining("A '+' in a query string decodes as a space: send it as %2B.");
        }

        @Test
        void anyValueWithASpaceGetsTheHint() {
            assertThat(refused("not a timestamp")).hasMessageContaining("%2B");
        }

        @Test
        void theMessageGivesExamples() {
            assertThat(refused("2026-11-29")).hasMessageContaining("2026-11-29T21:48:33Z")
                    .hasMessageContaining("2026-11-29T22:48:33+01:00");
        }

        @Test
        void theMessageNamesTheArgument() {
            InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                    () -> Timestamps.parseRfc3339("created_before", "garbage"));

            assertThat(e.argument()).isEqualTo("created_before");
            assertThat(e).hasMessageStartingWith("created_before must be");
        }
    }

    @Nested
    class CeilToMicros {

        @ParameterizedTest
        @CsvSource({
                "2026-11-29T21:48:33Z,             2026-11-29T21:48:33Z",
                "2026-11-29T21:48:33.123456Z,      2026-11-29T21:48:33.123456Z",
                "2026-11-29T21:48:33.123456001Z,   2026-11-29T21:48:33.123457Z",
                "2026-11-29T21:48:33.123456999Z,   2026-11-29T21:48:33.123457Z",
                "2026-11-29T21:48:33.000000001Z,   2026-11-29T21:48:33.000001Z",
                "2026-11-29T21:48:33.999999001Z,   2026-11-29T21:48:34Z",
                "1969-12-31T23:59:59.999999500Z,   1970-01-01T00:00:00Z",
                "1969-12-31T23:59:59.000000001Z,   1969-12-31T23:59:59.000001Z"})
        void roundsUpToTheNextMicrosecondUnlessExact(String at, String expected) {
            assertThat(Timestamps.ceilToMicros(Instant.parse(at))).isEqualTo(Instant.parse(expected));
        }
    }

    @Nested
    class NowMicros {

        @Test
        void truncatesTheClockToMicroseconds() {
            Clock clock = Clock.fixed(Instant.parse("2026-11-29T21:48:33.123456789Z"), ZoneOffset.UTC);

            assertThat(Timestamps.nowMicros(clock)).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
        }
    }

    @Nested
    class RequireSupported {

        @ParameterizedTest
        @ValueSource(strings = {"-4713-11-24T00:00:00Z", "0001-01-01T00:00:00Z", "2026-11-29T21:48:33Z",
                "+294246-12-31T23:59:59.999999Z"})
        void timesPostgresqlAndCursorsHoldPass(String at) {
            assertThat(Timestamps.requireSupported("created_after", Instant.parse(at))).isEqualTo(Instant.parse(at));
        }

        @ParameterizedTest
        @ValueSource(strings = {"-4713-11-23T23:59:59.999999Z", "-5000-01-01T00:00:00Z", "+294247-01-01T00:00:00Z",
                "+294277-01-01T00:00:00Z", "-1000000000-01-01T00:00:00Z", "+1000000000-12-31T23:59:59.999999999Z"})
        void timesOutsideTheRangeAreRefusedNamingTheRange(String at) {
            InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                    () -> Timestamps.requireSupported("created_before", Instant.parse(at)));

            assertThat(e.argument()).isEqualTo("created_before");
            assertThat(e).hasMessageContaining("created_before must be between -4713-11-24T00:00:00Z and "
                    + "+294246-12-31T23:59:59.999999Z").hasMessageContaining("(got " + Instant.parse(at) + ")");
        }

        @Test
        void theRangeFitsTheCursorsMicroseconds() {
            assertThat(Math.multiplyExact(Timestamps.LATEST.getEpochSecond(), 1_000_000L)).isPositive();
            assertThat(Math.multiplyExact(Timestamps.EARLIEST.getEpochSecond(), 1_000_000L)).isNegative();
        }

        @Test
        void nullStaysNull() {
            assertThat(Timestamps.requireSupported("created_after", null)).isNull();
        }
    }
}
