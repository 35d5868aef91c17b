package dev.inboxes.sdk;

/** Page size and cursor for {@link InboxesClient#listThreadsPage(String, ListThreadsParams)}. */
public final class ListThreadsParams {

    private final Integer limit;
    private final String cursor;

    private ListThreadsParams(Builder builder) {
        this.limit = builder.limit;
        this.cursor = builder.cursor;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return threads per page (1 to 200), or {@code null} for the server's default of 50 */
    public Integer limit() {
        return limit;
    }

    /** @return the previous page's cursor, or {@code null} for the first page */
    public String cursor() {
        return cursor;
    }

    /** Builds {@link ListThreadsParams}. */
    public static final class Builder {

        private Integer limit;
        private String cursor;

        private Builder() {
        }

        /** @param limit threads per page, 1 to 200 */
        public Builder limit(Integer limit) {
            this.limit = limit;
            return this;
        }

        /** @param cursor the {@link Page#cursor()} of the previous page of the same inbox's threads */
        public Builder cursor(String cursor) {
            this.cursor = cursor;
            return this;
        }

        /** @return the params */
        public ListThreadsParams build() {
            return new ListThreadsParams(this);
        }
    }
}
