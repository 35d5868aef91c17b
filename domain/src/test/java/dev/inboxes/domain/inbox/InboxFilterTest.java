package dev.inboxes.domain.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.domain.shared.InvalidArgumentException;
import java.time.Instant;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class InboxFilterTest {

    private static final Instant NOON = Instant.parse("2026-11-29T12:00:00Z");
    private static final Instant EVENING = Instant.parse("2026-11-29T21:48:33.123456Z");

    private static InvalidArgumentException refused(Executable call) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class, call::execute);
        assertThat(e).as("the filter must be refused").isNotNull();
        return e;
    }

    @Nested
    class Query {

        @Test
        void isLowerCased() {
            assertThat(InboxFilter.of("Shop.ÉTÉ@Example.COM", null, null).q()).isEqualTo("shop.été@example.com");
        }

        @Test
        void anEmptyQueryMeansNoQuery() {
            InboxFilter filter = InboxFilter.of("", null, null);

            assertThat(filter.q()).isNull();
            assertThat(filter.isEmpty()).isTrue();
        }

        @Test
        void aMissingQueryMeansNoQuery() {
            assertThat(InboxFilter.of(null, null, null).q()).isNull();
        }

        @Test
        void isSplitIntoDistinctWordsOnAnySpace() {
            InboxFilter filter = InboxFilter.of("  ACME\u00a0order  #1234 order\u3000Été ", null, null);

            assertThat(filter.words()).containsExactly("acme", "order", "#1234", "été");
            assertThat(filter.q()).isEqualTo("acme order #1234 été");
        }

        @Test
        void onlySpacesMeanNoQuery() {
            assertThat(InboxFilter.of("   ", null, null).isEmpty()).isTrue();
            assertThat(InboxFilter.of("   ", null, null).words()).isEmpty();
        }

        @Test
        void atMostEightWordsAreAccepted() {
            assertThat(InboxFilter.of("a b c d e f g h", null, null).words()).hasSize(InboxFilter.MAX_Q_WORDS);

            InvalidArgumentException e = refused(() -> InboxFilter.of("a b c d e f g h i", null, null));
            assertThat(e.argument()).isEqualTo("q");
            assertThat(e).hasMessageContaining("at most 8 words (got 9)");
        }

        @Test
        void aQueryOfExactly200CharactersIsAccepted() {
            assertThat(InboxFilter.of("q".repeat(200), null, null).q()).hasSize(200);
        }

        @Test
        void aQueryLongerThan200CharactersIsRefused() {
            InvalidArgumentException e = refused(() -> InboxFilter.of("q".repeat(201), null, null));

            assertThat(e.argument()).isEqualTo("q");
            assertThat(e).hasMessageContaining("at most 200").hasMessageContaining("got 201");
        }

        @ParameterizedTest
        @ValueSource(strings = {"a\nb", "a\tb", "a\u0000b", "\r", "a\u007fb", "a\u0085b", "\u001b[31m"})
        void aQueryWithControlCharactersIsRefused(String q) {
            InvalidArgumentException e = refused(() -> InboxFilter.of(q, null, null));

            assertThat(e.argument()).isEqualTo("q");
            assertThat(e).hasMessageContaining("control characters");
        }
    }

    @Nested
    class CreatedRange {

        @Test
        void aRangeWithAfterBeforeBeforeIsAccepted() {
            InboxFilter filter = InboxFilter.of(null, NOON, EVENING);

            assertThat(filter.createdAfter()).isEqualTo(NOON);
            assertThat(filter.createdBefore()).isEqualTo(EVENING);
            assertThat(filter.isEmpty()).isFalse();
        }

        @Test
        void openEndedRangesAreAccepted() {
            assertThat(InboxFilter.of(null, NOON, null).createdAfter()).isEqualTo(NOON);
            assertThat(InboxFilter.of(null, null, NOON).createdBefore()).isEqualTo(NOON);
        }

        @Test
        void equalBoundsAreRefusedWithAMessageNamingBoth() {
            InvalidArgumentException e = refused(() -> InboxFilter.of(null, NOON, NOON));

            assertThat(e.argument()).isEqualTo("created_before");
            assertThat(e).hasMessageContaining("created_after (" + NOON + ")")
                    .hasMessageContaining("created_before (" + NOON + ")");
        }

        @Test
        void afterLaterThanBeforeIsRefusedWithAMessageNamingBoth() {
            InvalidArgumentException e = refused(() -> InboxFilter.of(null, EVENING, NOON));

            assertThat(e.argument()).isEqualTo("created_before");
            assertThat(e).hasMessageContaining("created_after").hasMessageContaining("created_before")
                    .hasMessageContaining("earlier than");
        }

        @Test
        void boundsOneMicrosecondApartAreAccepted() {
            InboxFilter filter = InboxFilter.of(null, NOON, NOON.plusNanos(1_000));

            assertThat(filter.createdBefore()).isEqualTo(Instant.parse("2026-11-29T12:00:00.000001Z"));
        }
    }

    @Nested
    class MicrosecondRounding {

        @ParameterizedTest
        @ValueSource(strings = {"2026-11-29T12:00:00Z", "2026-11-29T21:48:33.123456Z", "1969-12-31T23:59:59.999999Z"})
        void exactMicrosecondsAreKept(String exact) {
            Instant at = Instant.parse(exact);

            InboxFilter filter = InboxFilter.of(null, at, null);

            assertThat(filter.createdAfter()).isEqualTo(at);
        }

        @ParameterizedTest(name = "{2}: {0} to {1}")
        @CsvSource(delimiter = '|', value = {
                "2026-11-29T21:48:33.123456001Z | 2026-11-29T21:48:33.123457Z | up to the next microsecond",
                "2026-11-29T23:59:59.999999001Z | 2026-11-30T00:00:00Z        | carrying into the next second",
                "1969-12-31T23:59:59.999999500Z | 1970-01-01T00:00:00Z        | before the epoch, towards the future"})
        void createdAfterWithNanosecondsIsRoundedUp(String value, String expected, String how) {
            InboxFilter filter = InboxFilter.of(null, Instant.parse(value), null);

            assertThat(filter.createdAfter()).isEqualTo(Instant.parse(expected));
        }

        @Test
        void createdBeforeWithNanosecondsIsRoundedUp() {
            InboxFilter filter = InboxFilter.of(null, null, Instant.parse("2026-11-29T21:48:33.123456999Z"));

            assertThat(filter.createdBefore()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123457Z"));
        }
    }

    @Nested
    class Canonical {

        @Test
        void equalFiltersRenderEqually() {
            InboxFilter one = InboxFilter.of("Shop", NOON, EVENING);
            InboxFilter other = InboxFilter.of("sHOP", OffsetDateTime.parse("2026-11-29T13:00:00+01:00").toInstant(),
                    EVENING.minusNanos(999));

            assertThat(one.canonical()).isEqualTo(other.canonical());
        }

        @Test
        void theOrderCaseAndRepetitionOfWordsDoNotMatter() {
            assertThat(InboxFilter.of("Order ACME order", null, null).canonical())
                    .isEqualTo(InboxFilter.of("acme  order", null, null).canonical());
        }

        @Test
        void oneWordAndTheSameLettersAsTwoWordsRenderDifferently() {
            assertThat(InboxFilter.of("ab", null, null).canonical())
                    .isNotEqualTo(InboxFilter.of("a b", null, null).canonical());
        }

        @Test
        void anEmptyQueryRendersLikeNoQuery() {
            assertThat(InboxFilter.of("", null, null).canonical()).isEqualTo(InboxFilter.NONE.canonical());
        }

        @Test
        void differentQueriesRenderDifferently() {
            assertThat(InboxFilter.of("shop", null, null).canonical())
                    .isNotEqualTo(InboxFilter.of("shops", null, null).canonical())
                    .isNotEqualTo(InboxFilter.NONE.canonical());
        }

        @Test
        void differentLowerBoundsRenderDifferently() {
            assertThat(InboxFilter.of(null, NOON, null).canonical())
                    .isNotEqualTo(InboxFilter.of(null, NOON.plusNanos(1_000), null).canonical())
                    .isNotEqualTo(InboxFilter.NONE.canonical());
        }

        @Test
        void differentUpperBoundsRenderDifferently() {
            assertThat(InboxFilter.of(null, null, EVENING).canonical())
                    .isNotEqualTo(InboxFilter.of(null, null, EVENING.plusNanos(1_000)).canonical())
                    .isNotEqualTo(InboxFilter.NONE.canonical());
        }

        @Test
        void theSameInstantAsLowerOrAsUpperBoundRendersDifferently() {
            assertThat(InboxFilter.of(null, NOON, null).canonical())
                    .isNotEqualTo(InboxFilter.of(null, null, NOON).canonical());
        }
    }
}
