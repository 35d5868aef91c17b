package dev.inboxes.sdk;

/**
 * Page size and cursor: what the params of every list call carry. A list with filters adds them in its own
 * params class ({@link ListInboxesParams}, {@link ListMessagesParams}); {@link PageParams} is this alone.
 */
public abstract class PagingParams {

    private final Integer limit;
    private final String cursor;

    PagingParams(Builder<?> builder) {
        this.limit = builder.limit;
        this.cursor = builder.cursor;
    }

    /** @return items per page (1 to 200), or {@code null} for the server's default of 50 */
    public Integer limit() {
        return limit;
    }

    /** @return the previous page's cursor, or {@code null} for the first page */
    public String cursor() {
        return cursor;
    }

    /** The query string of the page these params ask for, e.g. {@code ?limit=10&cursor=c1&q=bot}. */
    final String query() {
        return query(limit, cursor);
    }

    /**
     * The query string of a page with these filters but the given limit and cursor: what an auto-paging walk sends
     * for each page. Unset values are left out, so params with nothing set give an empty string.
     */
    final String query(Integer limit, String cursor) {
        UrlEncoding.Query query = new UrlEncoding.Query().add("limit", limit).add("cursor", cursor);
        addFilters(query);
        return query.toString();
    }

    /** Adds the list's own filters, after limit and cursor; a list without filters adds nothing. */
    void addFilters(UrlEncoding.Query query) {
    }

    /**
     * Sets the page size and cursor; the params' own builder adds the filters. Each setter returns that builder,
     * so calls chain in any order.
     *
     * @param <B> the params' own builder
     */
    public abstract static class Builder<B extends Builder<B>> {

        private Integer limit;
        private String cursor;

        Builder() {
        }

        /** @param limit items per page, 1 to 200 (the server checks the range and explains a bad value) */
        public B limit(Integer limit) {
            this.limit = limit;
            return self();
        }

        /**
         * @param cursor the {@link Page#cursor()} of the previous page, requested from the same list with the same
         *               filters
         */
        public B cursor(String cursor) {
            this.cursor = cursor;
            return self();
        }

        /** This builder as the params' own builder type, so that the setters above chain with the list's own. */
        @SuppressWarnings("unchecked") // every subclass is declared as X extends Builder<X>, and only this package can subclass
        private B self() {
            return (B) this;
        }
    }
}
