package dev.inboxes.domain.inbox;

import java.util.List;

/**
 * What a bulk delete did, or, for a preview, would do.
 *
 * @param matched      inboxes matching the filter when the call began; for a confirmed call, the set its token
 *                     confirmed
 * @param deleted      inboxes this call deleted: 0 for a preview, at most {@link InboxService#BULK_DELETE_MAX}
 * @param sample       a few of the inboxes still to delete, newest first (at most {@link InboxService#BULK_DELETE_SAMPLE})
 * @param confirmToken deletes the remaining matches (at most {@link InboxService#BULK_DELETE_MAX} per call) when
 *                     passed back with the same filter; {@code null} when none remain
 */
public record BulkDeletion(long matched, long deleted, List<Inbox> sample, String confirmToken) {

    public BulkDeletion {
        sample = List.copyOf(sample);
        if ((confirmToken != null) != (matched > deleted)) {
            throw new IllegalArgumentException("a confirm token exactly when matches remain");
        }
    }

    /** Matching inboxes not deleted yet: what the confirm token deletes. */
    public long remaining() {
        return matched - deleted;
    }

    public boolean hasMore() {
        return confirmToken != null;
    }
}
