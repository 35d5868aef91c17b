package dev.inboxes.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PageRequestTest {

    private static InvalidArgumentException invalidLimit(Executable call) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class, call::execute);
        assertThat(e).as("the limit must be refused").isNotNull();
        assertThat(e.argument()).isEqualTo("limit");
        return e;
    }

    @Nested
    class Of {

        @Test
        void withoutALimitProgramsGet50() {
            assertThat(PageRequest.of(null, null, PageLimits.PROGRAMS).limit()).isEqualTo(50);
        }

        @Test
        void withoutALimitAgentsGet50() {
            assertThat(PageRequest.of(null, null, PageLimits.AGENTS).limit()).isEqualTo(50);
        }

        @ParameterizedTest
        @ValueSource(ints = {1, 2, 50, 199, 200})
        void programsMayAskFor1To200(int limit) {
            assertThat(PageRequest.of(limit, null, PageLimits.PROGRAMS).limit()).isEqualTo(limit);
        }

        @ParameterizedTest
        @ValueSource(ints = {Integer.MIN_VALUE, -1, 0, 201, 1_000, Integer.MAX_VALUE})
        void programsMayNotAskForLessThan1OrMoreThan200(int limit) {
            invalidLimit(() -> PageRequest.of(limit, null, PageLimits.PROGRAMS));
        }

        @ParameterizedTest
        @ValueSource(ints = {1, 50, 100})
        void agentsMayAskFor1To100(int limit) {
            assertThat(PageRequest.of(limit, null, PageLimits.AGENTS).limit()).isEqualTo(limit);
        }

        @ParameterizedTest
        @ValueSource(ints = {0, 101, 200})
        void agentsMayNotAskForLessThan1OrMoreThan100(int limit) {
            invalidLimit(() -> PageRequest.of(limit, null, PageLimits.AGENTS));
        }

        @Test
        void theMessageNamesTheLimitTheRangeTheValueAndSaysToOmitIt() {
            assertThat(invalidLimit(() -> PageRequest.of(201, null, PageLimits.PROGRAMS)))
                    .hasMessage("limit must be an integer from 1 to 200 (got 201). Omit it to get 50 items per page.");
        }

        @Test
        void theMessageForAgentsNamesTheirRange() {
            assertThat(invalidLimit(() -> PageRequest.of(101, null, PageLimits.AGENTS)))
                    .hasMessageContaining("from 1 to 100")
                    .hasMessageContaining("Omit it");
        }

        @Test
        void withoutACursorItIsTheFirstPage() {
            PageRequest request = PageRequest.of(10, null, PageLimits.PROGRAMS);

            assertThat(request.cursor()).isNull();
            assertThat(request.isFirstPage()).isTrue();
        }

        @ParameterizedTest
        @ValueSource(strings = {"", " ", "   ", "\t", "\n"})
        void aBlankCursorMeansTheFirstPage(String blank) {
            PageRequest request = PageRequest.of(10, blank, PageLimits.PROGRAMS);

            assertThat(request.cursor()).isNull();
            assertThat(request.isFirstPage()).isTrue();
        }

        @Test
        void aCursorIsKeptExactlyAsSent() {
            PageRequest request = PageRequest.of(10, " AbC-_ ", PageLimits.PROGRAMS);

            assertThat(request.cursor()).isEqualTo(" AbC-_ ");
            assertThat(request.isFirstPage()).isFalse();
        }
    }

    @Nested
    class Parse {

        @Test
        void aMissingLimitGivesTheDefault() {
            assertThat(PageRequest.parse(null, null, PageLimits.PROGRAMS).limit()).isEqualTo(50);
        }

        @Test
        void anEmptyLimitCountsAsOmittedAndGivesTheDefault() {
            // What the code does: "?limit=" is treated like an absent parameter, not refused.
            assertThat(PageRequest.parse("", null, PageLimits.PROGRAMS).limit()).isEqualTo(50);
        }

        @Test
        void aLimitInTextIsParsed() {
            assertThat(PageRequest.parse("200", null, PageLimits.PROGRAMS).limit()).isEqualTo(200);
        }

        @Test
        void surroundingWhitespaceIsTrimmed() {
            assertThat(PageRequest.parse(" 7 ", null, PageLimits.PROGRAMS).limit()).isEqualTo(7);
        }

        @Test
        void aBlankLimitIsRefusedUnlikeAnEmptyOne() {
            // What the code does: "" is the default, but "  " trims to "" and fails to parse.
            assertThat(invalidLimit(() -> PageRequest.parse("  ", null, PageLimits.PROGRAMS)))
                    .hasMessageContaining("(got '  ')");
        }

        @ParameterizedTest
        @ValueSource(strings = {"abc", "1.5", "1e2", "0x10", "seven", "5 0", "99999999999", "-", "+5",
                "\u0665\u0660"})
        void textThatIsNotAnIntegerIsRefused(String limit) {
            assertThat(invalidLimit(() -> PageRequest.parse(limit, null, PageLimits.PROGRAMS)))
                    .hasMessage("limit must be an integer from 1 to 200 (got '" + limit + "'). "
                            + "Omit it to get 50 items per page.");
        }

        @ParameterizedTest
        @ValueSource(strings = {"0", "-5", "201"})
        void anIntegerOutOfRangeIsRefused(String limit) {
            assertThat(invalidLimit(() -> PageRequest.parse(limit, null, PageLimits.PROGRAMS)))
                    .hasMessageContaining("from 1 to 200")
                    .hasMessageContaining("(got " + limit + ")")
                    .hasMessageContaining("Omit it");
        }

        @Test
        void theAgentsRangeApplies() {
            invalidLimit(() -> PageRequest.parse("101", null, PageLimits.AGENTS));
            assertThat(PageRequest.parse("100", null, PageLimits.AGENTS).limit()).isEqualTo(100);
        }

        @Test
        void aBlankCursorMeansTheFirstPage() {
            assertThat(PageRequest.parse("5", "  ", PageLimits.PROGRAMS).isFirstPage()).isTrue();
        }

        @Test
        void theCursorIsPassedThrough() {
            assertThat(PageRequest.parse("5", "abc", PageLimits.PROGRAMS).cursor()).isEqualTo("abc");
        }
    }
}
