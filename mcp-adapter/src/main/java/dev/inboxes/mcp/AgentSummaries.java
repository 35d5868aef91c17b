package dev.inboxes.mcp;

import dev.inboxes.domain.paging.Page;

/** The one-line reading of a page that tells an agent what it got and what to do next. */
final class AgentSummaries {

    /** From this many items on, the first page suggests filtering instead of paging. */
    static final int LARGE_TOTAL = 500;
    /** The order of most lists. */
    static final String NEWEST_FIRST = "newest first";

    private AgentSummaries() {
    }

    /**
     * @param limit      how many rows the agent asked for: a page with more to come and fewer rows was shortened
     *                   to the text budget
     * @param noun       what the list holds, singular and plural
     * @param filterHint the list's filters, suggested when the total is large; {@code null} when it has none
     */
    static String of(Page<?> page, int limit, Noun noun, String filterHint) {
        return of(page, limit, noun, NEWEST_FIRST, filterHint);
    }

    /** As {@link #of(Page, int, Noun, String)}, for a list in another order, e.g. {@code oldest first}. */
    static String of(Page<?> page, int limit, Noun noun, String order, String filterHint) {
        int count = page.items().size();
        StringBuilder line = new StringBuilder();
        if (page.total().isPresent()) {
            long total = page.total().getAsLong();
            line.append(count).append(" of ").append(total).append(' ').append(noun.of(total)).append(", ").append(order);
        } else {
            line.append(count).append(" more ").append(noun.of(count)).append(", ").append(order);
        }
        if (page.hasMore() && count < limit) {
            line.append(" (fewer than limit: these rows are large, and a page stays under ")
                    .append(AgentPages.TEXT_BUDGET).append(" characters)");
        }
        line.append(page.hasMore() ? "; more: call again with this cursor" : "; this is the last page");
        if (filterHint != null && page.hasMore() && page.total().isPresent() && page.total().getAsLong() >= LARGE_TOTAL) {
            line.append(". That is many: to find something, filter with ").append(filterHint)
                    .append(" instead of reading every page");
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
