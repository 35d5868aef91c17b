package dev.inboxes.sdk;

import java.time.Instant;

/**
 * The filters of a bulk delete (the same as {@link ListInboxesParams} has) and, to delete rather than preview, the
 * {@link BulkDeletion#confirmToken()} of the previous call. Every field is optional; no filter matches every inbox.
 */
public final class BulkDeleteInboxesParams {

    private final String q;
    private final Instant createdAfter;
    private final Instant createdBefore;
    private final String confirmToken;

    private BulkDeleteInboxesParams(Builder builder) {
        this.q = builder.q;
        this.createdAfter = builder.createdAfter;
        this.createdBefore = builder.createdBefore;
        this.confirmToken = builder.confirmToken;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this object's values, e.g. to add the confirm token to a preview's filters */
    public Builder toBuilder() {
        return new Builder().q(q).createdAfter(createdAfter).createdBefore(createdBefore).confirmToken(confirmToken);
    }

    /** The same filters with {@code token}: what deletes the matches a preview (or the previous batch) returned. */
    public BulkDeleteInboxesParams confirmedBy(String token) {
        return toBuilder().confirmToken(token).build();
    }

    /** @return words that must each appear in the address or display name, or {@code null} */
    public String q() {
        return q;
    }

    /** @return only inboxes created at or after this instant, or {@code null} */
    public Instant createdAfter() {
        return createdAfter;
    }

    /** @return only inboxes created before this instant, or {@code null} */
    public Instant createdBefore() {
        return createdBefore;
    }

    /** @return the token that confirms the deletion, or {@code null} for a preview */
    public String confirmToken() {
        return confirmToken;
    }

    /** Builds {@link BulkDeleteInboxesParams}. */
    public static final class Builder {

        private String q;
        private Instant createdAfter;
        private Instant createdBefore;
        private String confirmToken;

        private Builder() {
        }

        /** @param q words that must each appear, in any case, in the address or display name */
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

        /** @param confirmToken the previous call's {@link BulkDeletion#confirmToken()}, with the same filters */
        public Builder confirmToken(String confirmToken) {
            this.confirmToken = confirmToken;
            return this;
        }

        /** @return the params */
        public BulkDeleteInboxesParams build() {
            return new BulkDeleteInboxesParams(this);
        }
    }
}
