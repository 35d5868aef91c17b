package dev.inboxes.sdk;

/** The params an auto-paging walk starts from: the caller's filters, the SDK's page size, no cursor. */
final class AutoPagingParams {

    private AutoPagingParams() {
    }

    /**
     * @throws IllegalArgumentException when the filters carry a cursor: a walk that returns "every inbox"
     *                                  must start at the first page (resume with listInboxesPage instead)
     */
    static ListInboxesParams forInboxes(ListInboxesParams filters) {
        if (filters == null) {
            return ListInboxesParams.builder().limit(InboxesClient.AUTO_PAGING_LIMIT).build();
        }
        if (filters.cursor() != null) {
            throw new IllegalArgumentException("Auto-paging starts at the first page and follows the cursor itself; "
                    + "remove the cursor, or page manually with listInboxesPage");
        }
        Integer limit = filters.limit() != null ? filters.limit() : InboxesClient.AUTO_PAGING_LIMIT;
        return filters.toBuilder().limit(limit).build();
    }
}
