package dev.inboxes.api.paging;

/** What every page schema says about its fields, so each list documents the protocol the same way. */
public final class PageFields {

    public static final String DATA = "At most `limit` items, newest first (ties broken by id, descending).";
    public static final String CURSOR = "Pass as `cursor` (with the same filters) to get the next page; null when "
            + "has_more is false. Opaque: do not parse or build it.";
    public static final String HAS_MORE = "True exactly when another page exists.";
    public static final String TOTAL = "Number of items matching the query. Only on the first page (a request "
            + "without cursor); absent on later pages.";

    private PageFields() {
    }
}
