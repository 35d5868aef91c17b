package dev.inboxes.sdk;

import java.time.Instant;

/**
 * Page size, cursor and filters for listing inboxes. Every field is optional ({@code null} when unset).
 *
 * <p>The auto-paging methods ({@link InboxesClient#iterateInboxes(ListInboxesParams)} and friends) use only the
 * filters and the limit; they manage the cursor themselves and refuse params that carry one.
 */
public final class ListInboxesParams extends PagingParams {

    private final String q;
    private final Instant createdAfter;
    private final Instant createdBefore;

    private ListInboxesParams(Builder builder) {
        super(builder);
        this.q = builder.q;
        this.createdAfter = builder.createdAfter;
        this.createdBefore = builder.createdBefore;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this object's values, to derive a variant */
    public Builder toBuilder() {
        return new Builder().limit(limit()).cursor(cursor()).q(q).createdAfter(createdAfter).createdBefore(createdBefore);
    }

    /** @return words that must each appear, in any case, in the address or display name, or {@code null} */
    public String q() {
        return q;
    }

    /** @return only inboxes created at or after this instant (inclusive), or {@code null} */
    public Instant createdAfter() {
        return createdAfter;
    }

    /** @return only inboxes created before this instant (exclusive), or {@code null} */
    public Instant createdBefore() {
        return createdBefore;
    }

    @Override
    void addFilters(UrlEncoding.Query query) {
        query.add("q", q)
                .add("created_after", createdAfter) // Instant.toString() is RFC 3339 in UTC
                .add("created_before", createdBefore);
    }

    /** Builds {@link ListInboxesParams}. */
    public static final class Builder extends PagingParams.Builder<Builder> {

        private String q;
        private Instant createdAfter;
        private Instant createdBefore;

        private Builder() {
        }

        /** @param q words that must each appear, in any case, in the address or display name ({@code acme order 1234}
         *          finds "ACME order #1234") */
        public Builder q(String q) {
            this.q = q;
            return this;
        }

        /** @param createdAfter only inboxes created at or after this instant */
        public Builder createdAfter(Instant createdAfter) {
            this.createdAfter = createdAfter;
            return this;
        }

        /** @param createdBefore only inboxes created before this instant */
        public Builder createdBefore(Instant createdBefore) {
            this.createdBefore = createdBefore;
            return this;
        }

        /** @return the params */
        public ListInboxesParams build() {
            return new ListInboxesParams(this);
        }
    }
}
