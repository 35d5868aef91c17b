package dev.inboxes.sdk;

/**
 * Page size, cursor and filters for {@link InboxesClient#listEventsPage(ListEventsParams)}. Every field is optional
 * ({@code null} when unset). A cursor belongs to its filters.
 */
public final class ListEventsParams extends PagingParams {

    private final String type;
    private final String inboxId;

    private ListEventsParams(Builder builder) {
        super(builder);
        this.type = builder.type;
        this.inboxId = builder.inboxId;
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** @return only events of this type, or {@code null} for any */
    public String type() {
        return type;
    }

    /** @return only events of this inbox, or {@code null} for any */
    public String inboxId() {
        return inboxId;
    }

    @Override
    void addFilters(UrlEncoding.Query query) {
        query.add("type", type).add("inbox_id", inboxId);
    }

    /** Builds {@link ListEventsParams}. */
    public static final class Builder extends PagingParams.Builder<Builder> {

        private String type;
        private String inboxId;

        private Builder() {
        }

        /** @param type an event type such as {@code message.received} */
        public Builder type(String type) {
            this.type = type;
            return this;
        }

        /** @param inboxId an inbox id, e.g. {@code inb_…} */
        public Builder inboxId(String inboxId) {
            this.inboxId = inboxId;
            return this;
        }

        /** @return the params */
        public ListEventsParams build() {
            return new ListEventsParams(this);
        }
    }
}
