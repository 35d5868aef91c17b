package dev.inboxes.mcp.respond;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.paging.Page;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class AgentSummariesTest {

    private static final AgentSummaries.Noun INBOXES = new AgentSummaries.Noun("inbox", "inboxes");
    private static final String BUDGET = "16000 characters and 5000 tokens";

    private static String of(Page<?> page, int limit, String filterHint) {
        return AgentSummaries.of(page, limit, new AgentSummaries.Listing(INBOXES, AgentSummaries.NEWEST_FIRST, filterHint, null), BUDGET);
    }

    private static Page<String> page(int rows, boolean hasMore, OptionalLong total) {
        return new Page<>(Collections.nCopies(rows, "row"), hasMore ? "cursor" : null, hasMore, total);
    }

    @Test
    void aFirstPageSaysHowManyOfTheTotalAndWhatToDoNext() {
        assertThat(of(page(50, true, OptionalLong.of(120)), 50, null))
                .isEqualTo("50 of 120 inboxes, newest first; more: call again with this cursor.");
        assertThat(of(page(1, false, OptionalLong.of(1)), 50, null))
                .isEqualTo("1 of 1 inbox, newest first; this is the last page.");
    }

    @Test
    void aLaterPageHasNoTotal() {
        assertThat(of(page(3, false, OptionalLong.empty()), 50, null))
                .isEqualTo("3 more inboxes, newest first; this is the last page.");
    }

    @Test
    void aPageShortenedToTheBudgetSaysWhy() {
        assertThat(of(page(40, true, OptionalLong.empty()), 100, null))
                .contains("fewer than limit", BUDGET);
        assertThat(of(page(40, false, OptionalLong.empty()), 100, null))
                .as("the last page is short because the list ends").doesNotContain("fewer than limit");
    }

    @Test
    void aLargeTotalSuggestsFilteringWhenTheListHasFilters() {
        Page<String> large = page(50, true, OptionalLong.of(AgentSummaries.LARGE_TOTAL));

        assertThat(of(large, 50, "q, created_after or created_before"))
                .endsWith("Many: to find one, filter (q, created_after or created_before) instead of paging.");
        assertThat(of(large, 50, null)).doesNotContain("filter");
        assertThat(of(page(50, true, OptionalLong.of(AgentSummaries.LARGE_TOTAL - 1)), 50, "q"))
                .doesNotContain("filter");
    }

    @Test
    void anEmptyResultOfAFilteredQuerySaysHowToWidenIt() {
        Page<String> none = new Page<>(List.of(), null, false, OptionalLong.of(0));

        assertThat(AgentSummaries.of(none, 50, new AgentSummaries.Listing(INBOXES, AgentSummaries.NEWEST_FIRST, "q", "use fewer words in q"), BUDGET))
                .isEqualTo("0 of 0 inboxes, newest first; this is the last page. Nothing matches: use fewer words in q.");
    }

    @Test
    void anEmptyListSaysSo() {
        assertThat(of(new Page<>(List.of(), null, false, OptionalLong.of(0)), 50, null))
                .isEqualTo("0 of 0 inboxes, newest first; this is the last page.");
    }

    @Test
    void aTotalThatStoppedAtTheBoundSaysThereAreMore() {
        Page<String> bounded = new Page<>(Collections.nCopies(50, "row"), "cursor", true, OptionalLong.of(10_000), false);

        assertThat(of(bounded, 50, "q"))
                .startsWith("10,000+ inboxes match; 50 of them here, newest first; more: call again with this cursor.")
                .contains("filter (q)");
    }
}
