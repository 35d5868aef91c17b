package dev.inboxes.sdk;

import java.time.Instant;

/**
 * Page size, cursor and filters for listing inboxes. Every field is optional ({@code null} when unset).
 *
 * <p>The auto-paging methods ({@link InboxesClient#listInboxes(ListInboxesParams)} and friends) use only the
 * filters and the limit; they manage the cursor themselves and refuse params that carry one.
 */
public final class ListInboxesParams {

    private final Integer limit;
    private final String cursor;
    private final String q;
    private final Instant createdAfter;
    private final Instant createdBefore;

    private ListInboxesParams(Builder builder) {
        this.limit = builder.limit;
        this.cursor = builder.cursor;
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
        return new Builder().limit(limit).cursor(cursor).q(q).createdAfter(createdAfter).createdBefore(createdBefore);
    }

    /** @return items per page (1 to 200), or {@code null} for the server's default of 50 */
    public Integer limit() {
        return limit;
    }

    /** @return the previous page's cursor, or {@code null} for the first page */
    public String cursor() {
        return cursor;
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

    /** Builds {@link ListInboxesParams}. */
    public static final class Builder {

        private Integer limit;
        private String cursor;
        private String q;
        private Instant createdAfter;
        private Instant createdBefore;

        private Builder() {
        }

        /** @param limit items per page, 1 to 200 (the server checks the range and explains a bad value) */
        public Builder limit(Integer limit) {
            this.limit = limit;
            return this;
        }

        /** @param cursor the {@link Page#cursor()} of the previous page, requested with the same filters */
        public Builder cursor(String cursor) {
            this.cursor = cursor;
            return this;
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
