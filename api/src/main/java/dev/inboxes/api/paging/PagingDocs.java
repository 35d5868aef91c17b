package dev.inboxes.api.paging;

import dev.inboxes.domain.paging.PageLimits;

/**
 * The paging protocol as the OpenAPI document tells it to programs: written once here, used by the API's
 * front page, every list operation and every page schema.
 */
public final class PagingDocs {

    /** How to walk a list, step by step. */
    public static final String STEPS = """
            Paging protocol:
            1. Call without `cursor`. The first page carries `total`: how many items match the query (a filtered \
            query counts at most\s""" + PageLimits.TOTAL_EXACT_UP_TO_TEXT + " matches by default, a search with `q` "
            + PageLimits.TOTAL_EXACT_UP_TO_WITH_Q_TEXT + "; beyond that, `total` "
            + "is that bound and the page says `\"total_exact\": false`).\n" + """
            2. If `has_more` is true, call again with `cursor` set to the page's `cursor` and the same filters (the \
            `Link` header with `rel="next"` is that URL, ready to use). `limit` may change between pages.
            3. Stop when `has_more` is false; `cursor` is then null. Later pages omit `total`.""";

    /** What a walk of a list in a fixed order guarantees. */
    public static final String EXACTLY_ONCE = "Every item that exists for the whole walk is returned exactly once, "
            + "even while items are created and deleted.";

    /** Whose a cursor is. */
    public static final String CURSOR_SCOPE = "A cursor belongs to the account and the query that produced it: "
            + "another query answers 400 `cursor-mismatch`, a damaged cursor 400 `invalid-cursor`.";

    /** The protocol, for the front page and each list operation's description. */
    public static final String PROTOCOL = STEPS + "\n\n" + EXACTLY_ONCE + " " + CURSOR_SCOPE;

    public static final String LIMIT = "Items per page, 1 to " + PageLimits.PROGRAMS_MAX_LIMIT + ".";
    public static final String LIMIT_MINIMUM = "1";
    public static final String LIMIT_MAXIMUM = "" + PageLimits.PROGRAMS_MAX_LIMIT;
    public static final String LIMIT_DEFAULT = "" + PageLimits.DEFAULT_LIMIT;
    public static final String CURSOR_PARAMETER = "The `cursor` of the previous page; omit for the first page.";
    public static final String NEXT_LINK = "`<url>; rel=\"next\"` when has_more is true.";

    public static final String DATA = "At most `limit` items, newest first (ties broken by id, descending).";
    public static final String CURSOR = "Pass as `cursor` (with the same filters) to get the next page; null when "
            + "has_more is false. Opaque: do not parse or build it.";
    public static final String HAS_MORE = "True exactly when another page exists.";
    public static final String TOTAL = "Number of items matching the query. Only on the first page (a request "
            + "without cursor); absent on later pages. Unfiltered lists count exactly; a filtered list counts at most "
            + PageLimits.TOTAL_EXACT_UP_TO_TEXT + " matches by default (a search with q "
            + PageLimits.TOTAL_EXACT_UP_TO_WITH_Q_TEXT + "), and when more match, total is that bound and "
            + "total_exact is false.";
    public static final String TOTAL_EXACT = "Present, and false, only when total is a lower bound: more items "
            + "match than the service counts (" + PageLimits.TOTAL_EXACT_UP_TO_TEXT + " by default, "
            + PageLimits.TOTAL_EXACT_UP_TO_WITH_Q_TEXT + " with q). Narrow the "
            + "query to get an exact total.";

    private PagingDocs() {
    }
}
