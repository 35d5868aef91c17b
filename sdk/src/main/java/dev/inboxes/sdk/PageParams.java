package dev.inboxes.sdk;

/**
 * Page size and cursor, for the lists that take no filters: API keys ({@link InboxesClient#listApiKeysPage}),
 * threads ({@link InboxesClient#listThreadsPage}) and a thread's messages
 * ({@link InboxesClient#listThreadMessagesPage}).
 */
public final class PageParams {

    private final Integer limit;
    private final String cursor;

    private PageParams(Builder builder) {
        this.limit = builder.limit;
        this.cursor = builder.cursor;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return items per page (1 to 200), or {@code null} for the server's default of 50 */
    public Integer limit() {
        return limit;
    }

    /** @return the previous page's cursor, or {@code null} for the first page */
    public String cursor() {
        return cursor;
    }

    /** Builds {@link PageParams}. */
    public static final class Builder {

        private Integer limit;
        private String cursor;

        private Builder() {
        }

        /** @param limit items per page, 1 to 200 */
        public Builder limit(Integer limit) {
            this.limit = limit;
            return this;
        }

        /** @param cursor the {@link Page#cursor()} of the previous page of the same list */
        public Builder cursor(String cursor) {
            this.cursor = cursor;
            return this;
        }

        /** @return the params */
        public PageParams build() {
            return new PageParams(this);
        }
    }
}
