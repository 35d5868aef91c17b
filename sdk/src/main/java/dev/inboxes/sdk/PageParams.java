package dev.inboxes.sdk;

/**
 * Page size and cursor, for the lists that take no filters: API keys ({@link InboxesClient#listApiKeysPage}),
 * threads ({@link InboxesClient#listThreadsPage}) and a thread's messages
 * ({@link InboxesClient#listThreadMessagesPage}).
 */
public final class PageParams extends PagingParams {

    private PageParams(Builder builder) {
        super(builder);
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds {@link PageParams}. */
    public static final class Builder extends PagingParams.Builder<Builder> {

        private Builder() {
        }

        /** @return the params */
        public PageParams build() {
            return new PageParams(this);
        }
    }
}
