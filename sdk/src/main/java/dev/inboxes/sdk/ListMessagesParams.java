package dev.inboxes.sdk;

/**
 * Page size, cursor and search words for {@link InboxesClient#listMessagesPage(String, ListMessagesParams)}. Every
 * field is optional ({@code null} when unset). The auto-paging methods use only {@code q} and the limit.
 */
public final class ListMessagesParams {

    private final Integer limit;
    private final String cursor;
    private final String q;

    private ListMessagesParams(Builder builder) {
        this.limit = builder.limit;
        this.cursor = builder.cursor;
        this.q = builder.q;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this object's values, to derive a variant */
    public Builder toBuilder() {
        return new Builder().limit(limit).cursor(cursor).q(q);
    }

    /** @return items per page (1 to 200), or {@code null} for the server's default of 50 */
    public Integer limit() {
        return limit;
    }

    /** @return the previous page's cursor, or {@code null} for the first page */
    public String cursor() {
        return cursor;
    }

    /**
     * @return search words, or {@code null}: a message matches when each word is a case-insensitive substring of
     *         its sender (address or name), its subject or its text
     */
    public String q() {
        return q;
    }

    /** Builds {@link ListMessagesParams}. */
    public static final class Builder {

        private Integer limit;
        private String cursor;
        private String q;

        private Builder() {
        }

        /** @param limit items per page, 1 to 200 */
        public Builder limit(Integer limit) {
            this.limit = limit;
            return this;
        }

        /** @param cursor the {@link Page#cursor()} of the previous page of the same inbox, requested with the same q */
        public Builder cursor(String cursor) {
            this.cursor = cursor;
            return this;
        }

        /**
         * @param q search words separated by spaces (at most 8): each must be a case-insensitive substring of the
         *          sender (address or name), the subject or the text, e.g. {@code "verification code"}
         */
        public Builder q(String q) {
            this.q = q;
            return this;
        }

        /** @return the params */
        public ListMessagesParams build() {
            return new ListMessagesParams(this);
        }
    }
}
