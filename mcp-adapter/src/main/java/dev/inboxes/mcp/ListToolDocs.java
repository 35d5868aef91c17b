package dev.inboxes.mcp;

import dev.inboxes.domain.paging.PageLimits;

/** The paging protocol as the list tools tell it to agents: written once, used by every list tool. */
public final class ListToolDocs {

    /** Page sizes. */
    public static final String SIZES = "default " + PageLimits.DEFAULT_LIMIT + ", at most " + PageLimits.AGENTS_MAX_LIMIT
            + " per page.";

    /** How to walk the pages. */
    public static final String WALK = "The first page (called without cursor) reports total, the number of matches. "
            + "When has_more is true, call again with the returned cursor and the same other arguments to get the "
            + "next page; stop when has_more is false.";

    /** What a walk of a list in a fixed order guarantees. */
    public static final String EXACTLY_ONCE = "Each item appears exactly once across the pages.";

    /** Why a page may hold fewer rows than asked for. */
    public static final String FITS = "A page's text stays under " + AgentPages.TEXT_BUDGET + " characters, so pages "
            + "of large rows hold fewer than limit.";

    /** How every list tool pages, for its description. */
    public static final String PROTOCOL = "Paginated, newest first: " + SIZES + " " + WALK + " " + EXACTLY_ONCE + " "
            + FITS;

    public static final String LIMIT = "Items per page, 1 to " + PageLimits.AGENTS_MAX_LIMIT + ". Default "
            + PageLimits.DEFAULT_LIMIT + ".";

    public static final String CURSOR = "The cursor returned by the previous page. Omit it for the first page; pass "
            + "it with the same other arguments to continue.";

    private ListToolDocs() {
    }
}
