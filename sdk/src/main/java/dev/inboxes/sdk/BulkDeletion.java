package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What {@link InboxesClient#bulkDeleteInboxes(BulkDeleteInboxesParams)} did, or, for a preview, would do.
 *
 * @param matched      inboxes matching the filters when the call began (for a confirmed call: the confirmed ones)
 * @param deleted      inboxes this call deleted, with their messages; 0 for a preview
 * @param remaining    matching inboxes not deleted yet
 * @param hasMore      whether matches remain; then call again with {@link #confirmToken()}
 * @param confirmToken confirms deleting (up to 1,000 of) the remaining matches; {@code null} when none remain
 * @param sample       up to five of the inboxes still to delete, newest first
 */
public record BulkDeletion(
        long matched,
        long deleted,
        long remaining,
        @JsonProperty("has_more") boolean hasMore,
        @JsonProperty("confirm_token") String confirmToken,
        List<Inbox> sample) {
}
