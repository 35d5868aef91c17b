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
                () -> Timestamps.parse("created_after", value));
        assertThat(e).as("'%s' must be refused", value).isNotNull();
        assertThat(e.argument()).isEqualTo("created_after");
        return e;
    }

    @Nested
    class Parse {

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
                "2026-11-30T00:48:33+03:00     | 2026-11-29T21:48:33Z",
                "0000-01-01T00:00:00Z          | 0000-01-01T00:00:00Z",
                "9999-12-31T23:59:59.999999999Z | 9999-12-31T23:59:59.999999999Z"})
        void acceptsRfc3339(String value, String expected) {
            assertThat(Timestamps.parse("created_after", value)).isEqualTo(Instant.parse(expected));
        }

        /** Each generator's own serialization of a date-time query parameter (openapi-generator 7.25.0). */
        @ParameterizedTest(name = "{0}: {1}")
        @CsvSource(delimiter = '|', value = {
                // OffsetDateTime.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME): 0 to 9 digits, as many as needed
                "java             | 2026-11-29T21:48:33Z                | 2026-11-29T21:48:33Z",
                "java             | 2026-11-29T21:48:33.12Z             | 2026-11-29T21:48:33.120Z",
                "java             | 2026-11-29T22:48:33.1234567+01:00   | 2026-11-29T21:48:33.1234567Z",
                // Date.toISOString(): always milliseconds and Z
                "typescript-fetch | 2026-11-29T21:48:33.000Z            | 2026-11-29T21:48:33Z",
                "typescript-fetch | 2026-11-29T21:48:33.123Z            | 2026-11-29T21:48:33.123Z",
                // datetime.strftime("%Y-%m-%dT%H:%M:%S.%f%z"): always microseconds, offset without a colon
                "python           | 2026-11-29T21:48:33.000000+0000     | 2026-11-29T21:48:33Z",
                "python           | 2026-11-29T21:48:33.123456+0000     | 2026-11-29T21:48:33.123456Z",
                "python           | 2026-11-30T03:18:33.123456+0530     | 2026-11-29T21:48:33.123456Z",
                "python           | 2026-11-29T16:48:33.123456-0500     | 2026-11-29T21:48:33.123456Z",
                // time.Time.Format(time.RFC3339Nano): trailing zeros of the fraction dropped
                "go               | 2026-11-29T21:48:33.1234567Z        | 2026-11-29T21:48:33.1234567Z",
                "go               | 2026-11-29T22:48:33.5+01:00         | 2026-11-29T21:48:33.500Z"})
        void acceptsWhatEachGeneratedClientSends(String generator, String value, String expected) {
            assertThat(Timestamps.parse("created_after", value)).isEqualTo(Instant.parse(expected));
        }

        @ParameterizedTest
        @CsvSource(delimiter = '|', value = {
                "2026-11-29T21:48:33.1234567891Z           | 2026-11-29T21:48:33.123456790Z",
                "2026-11-29T21:48:33.1234567890000Z        | 2026-11-29T21:48:33.123456789Z",
                "2026-11-29T21:48:33.999999999999999+0000  | 2026-11-29T21:48:34Z",
                "2026-11-29T21:48:33.000000000000000000001Z | 2026-11-29T21:48:33.000000001Z"})
        void digitsPastNanosecondsRoundUp(String value, String expected) {
            assertThat(Timestamps.parse("created_after", value)).isEqualTo(Instant.parse(expected));
        }

        @Test
        void surroundingWhitespaceIsIgnored() {
            assertThat(Timestamps.parse("created_after", " 2026-11-29T21:48:33Z "))
                    .isEqualTo(Instant.parse("2026-11-29T21:48:33Z"));
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {" ", "\t"})
        void nullOrBlankMeansNoTimestamp(String value) {
            assertThat(Timestamps.parse("created_after", value)).isNull();
        }

        @ParameterizedTest
        @ValueSource(strings = {"2026-11-29", "21:48:33Z", "yesterday", "now", "1764452913", "2026-13-01T00:00:00Z",
                "2026-11-31T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-29T25:00:00Z", "2026-11-29T21:60:00Z",
                "2026-11-29T21:48:60Z", "2026/11/29T21:48:33Z", "2026-11-29T21:48:33+25:00", "2026-11-29T21:48:33+01:60",
                "2026-11-29T21:48:33+19:00", "Z", "2026-11-29T21:48Z", "2026-11-29T21:48:33+01", "2026-11-29T21:48:33+1:00",
                "2026-11-29T21:48:33+01:00:30", "2026-11-29T21:48:33.Z", "2026-11-29T21:48:33,5Z", "12026-11-29T21:48:33Z", "+026-11-29T21:48:33Z",
                "+1234567890-11-29T21:48:33Z",
                "20261129T214833Z", "2026-11-29T21:48:33ZZ", "2026-11-29T21:48:33Z[UTC]", "2026-11-29T21:48:33 UTC",
                "２０２６-11-29T21:48:33Z", "2026-11-29T21:48:33\u0000Z"})
        void refusesOtherForms(String value) {
            assertThat(refused(value))
                    .hasMessageStartingWith("created_after must be " + Timestamps.ACCEPTED)
                    .hasMessageContaining("(got '");
        }

        @ParameterizedTest
        @ValueSource(strings = {"2026-11-29T21:48:33", "2026-11-29T21:48:33.123456", "2026-11-29 21:48:33.123456",
                "2026-11-29T21:48"})
        void aTimeWithoutAZoneIsRefusedWithAHint(String value) {
            assertThat(refused(value)).hasMessageContaining("It has no time zone: append Z for UTC")
                    .hasMessageContaining("datetime.now(timezone.utc)");
        }

        @Test
        void theMessageStatesExactlyWhatIsAccepted() {
            assertThat(refused("garbage")).hasMessage("created_after must be a date-time with seconds and a time "
                    + "zone, as in RFC 3339 (2026-11-29T21:48:33Z, 2026-11-29T22:48:33.123456+01:00); the zone may be "
                    + "Z, +hh:mm, -hh:mm, +hhmm or -hhmm (the ISO 8601 form Python's %z writes), and the optional "
                    + "fraction of a second any number of digits (past nanoseconds it rounds up); a year outside 0000 to "
                    + "9999 takes ISO 8601's expanded form, a sign and 4 to 9 digits (-4713, +294246) (got 'garbage').");
        }

        /** The ends of the stored range as {@link Instant#toString()} writes them, so the range's own text parses. */
        @ParameterizedTest
        @ValueSource(strings = {Timestamps.EARLIEST_TEXT, Timestamps.LATEST_TEXT, "+12026-11-29T21:48:33Z",
                "-0001-01-01T00:00:00+01:00"})
        void expandedYearsParse(String value) {
            assertThat(Timestamps.parse("created_after", value)).isEqualTo(
                    java.time.OffsetDateTime.parse(value).toInstant());
        }

        @Test
        void aPlusDecodedAsASpaceGetsTheHint() {
            assertThat(refused("2026-11-29T22:48:33 01:00"))
                    .hasMessageContaining("A '+' in a query string decodes as a space: send it as %2B.");
            assertThat(refused("2026-11-29T22:48:33.123456 0000")).hasMessageContaining("%2B");
        }

        @Test
        void aValueLongerThanTheBoundIsRefusedAndQuotedShortened() {
            String value = "2026-11-29T21:48:33." + "1".repeat(10_000) + "Z";

            assertThat(refused(value)).hasMessageContaining("longer than 64 characters").hasMessageContaining("…'");
        }

        @Test
        void theLongestAcceptedValueIsAtTheBound() {
            String value = "2026-11-29T21:48:33." + "0".repeat(Timestamps.MAX_LENGTH - 26) + "+00:00";

            assertThat(value).hasSize(Timestamps.MAX_LENGTH);
            assertThat(Timestamps.parse("created_after", value)).isEqualTo(Instant.parse("2026-11-29T21:48:33Z"));
        }

        @Test
        void theMessageNamesTheArgument() {
            InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                    () -> Timestamps.parse("created_before", "garbage"));

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
