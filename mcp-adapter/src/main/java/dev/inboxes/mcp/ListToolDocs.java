package dev.inboxes.mcp;

import dev.inboxes.domain.paging.PageLimits;

/** The paging protocol as the list tools tell it to agents: written once, used by every list tool. */
public final class ListToolDocs {

    /** How every list tool pages, for its description. */
    public static final String PROTOCOL = "Paginated, newest first: default " + PageLimits.DEFAULT_LIMIT + ", at most "
            + PageLimits.AGENTS_MAX_LIMIT + " per page. The first page (called without cursor) reports total, the "
            + "number of matches (with filters, counted up to " + PageLimits.TOTAL_EXACT_UP_TO_TEXT + ": beyond that, "
            + "total_exact is false and there are more). When has_more is true, call again with the returned cursor "
            + "and the same other arguments to get the next page; stop when has_more is false. Each item appears exactly once across "
            + "the pages. A page's text stays under " + AgentPages.TEXT_BUDGET + " characters, so pages of large "
            + "rows hold fewer than limit.";

    public static final String LIMIT = "Items per page, 1 to " + PageLimits.AGENTS_MAX_LIMIT + ". Default "
            + PageLimits.DEFAULT_LIMIT + ".";

    public static final String CURSOR = "The cursor returned by the previous page. Omit it for the first page; pass "
            + "it with the same other arguments to continue.";

    private ListToolDocs() {
    }
}
