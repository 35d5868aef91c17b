package dev.inboxes.mcp.respond;

import dev.inboxes.domain.paging.Page;
import java.util.Locale;

/** The one-line reading of a page that tells an agent what it got and what to do next. */
final class AgentSummaries {

    /** From this many items on, the first page suggests filtering instead of paging. */
    static final int LARGE_TOTAL = 500;
    /** The order of most lists. */
    static final String NEWEST_FIRST = "newest first";

    private AgentSummaries() {
    }

    /**
     * What a list's summary line knows about the list.
     *
     * @param noun       what the list holds, singular and plural
     * @param order      how the list runs, e.g. {@value #NEWEST_FIRST}
     * @param filterHint the list's filters, suggested when the total is large; {@code null} when it has none
     * @param widenHint  how to widen the query that was asked, said when nothing matches; {@code null} when no
     *                   filter was set (then an empty list is simply empty)
     */
    record Listing(Noun noun, String order, String filterHint, String widenHint) {
    }

    /**
     * @param limit  how many rows the agent asked for: a page with more to come and fewer rows was shortened
     *               to the budget
     * @param budget the bounds, named when rows were held back
     */
    static String of(Page<?> page, int limit, Listing listing, String budget) {
        Noun noun = listing.noun();
        String order = listing.order();
        int count = page.items().size();
        StringBuilder line = new StringBuilder();
        if (page.total().isPresent() && !page.totalExact()) {
            // The store stopped counting at its bound: say so in words a model will not read as exact.
            line.append(String.format(Locale.ROOT, "%,d+ %s match; %d of them here, %s",
                    page.total().getAsLong(), noun.many(), count, order));
        } else if (page.total().isPresent()) {
            long total = page.total().getAsLong();
            line.append(count).append(" of ").append(total).append(' ').append(noun.of(total)).append(", ").append(order);
        } else {
            line.append(count).append(" more ").append(noun.of(count)).append(", ").append(order);
        }
        if (page.hasMore() && count < limit) {
            line.append(" (fewer than limit: these rows are large, and a result stays within ").append(budget)
                    .append(')');
        }
        line.append(page.hasMore() ? "; more: call again with this cursor" : "; this is the last page");
        if (listing.filterHint() != null && page.hasMore() && page.total().isPresent()
                && page.total().getAsLong() >= LARGE_TOTAL) {
            line.append(". Many: to find one, filter (").append(listing.filterHint()).append(") instead of paging");
        }
        if (listing.widenHint() != null && page.total().isPresent() && page.total().getAsLong() == 0) {
            line.append(". Nothing matches: ").append(listing.widenHint());
        }
        return line.append('.').toString();
    }

    /** A list's item, in the singular and the plural. */
    record Noun(String one, String many) {

        String of(long count) {
            return count == 1 ? one : many;
        }
    }
}
