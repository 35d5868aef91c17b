package dev.inboxes.sdk;

/**
 * Page size, cursor and search words for {@link InboxesClient#listMessagesPage(String, ListMessagesParams)}. Every
 * field is optional ({@code null} when unset). A cursor belongs to its inbox and its {@code q}. The auto-paging
 * methods use only {@code q} and the limit.
 */
public final class ListMessagesParams extends PagingParams {

    private final String q;

    private ListMessagesParams(Builder builder) {
        super(builder);
        this.q = builder.q;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this object's values, to derive a variant */
    public Builder toBuilder() {
        return new Builder().limit(limit()).cursor(cursor()).q(q);
    }

    /**
     * @return search words, or {@code null}: a message matches when each word is a case-insensitive substring of
     *         its sender (address or name), its subject or its text
     */
    public String q() {
        return q;
    }

    @Override
    void addFilters(UrlEncoding.Query query) {
        query.add("q", q);
    }

    /** Builds {@link ListMessagesParams}. */
    public static final class Builder extends PagingParams.Builder<Builder> {

        private String q;

        private Builder() {
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
