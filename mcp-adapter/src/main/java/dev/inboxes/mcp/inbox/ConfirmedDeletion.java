package dev.inboxes.mcp.inbox;

import dev.inboxes.domain.inbox.BulkDeletion;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.inbox.MatchesChangedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;

/**
 * Deletes what the user confirmed when {@code delete_inboxes} asked them itself: the preview's matches, through the
 * same confirm tokens as the two-step flow, so an inbox created or deleted among the matches since the preview stops
 * the deletion.
 * <p>
 * It deletes batch after batch, not one batch per question: the user confirmed the whole count they were shown, and
 * asking again for every thousand would teach them to accept without reading. Each batch is its own transaction and
 * is refused unless the remaining matches are exactly the confirmed ones, so the guarantee holds from batch to
 * batch. At most {@value #BATCHES} batches per question, so that one call ends in seconds, well within the HTTP idle
 * timeout and a client's patience; the rest is reported, and the next call asks the user about it.
 */
@ApplicationScoped
public class ConfirmedDeletion {

    /** Batches of {@value InboxService#BULK_DELETE_MAX} deleted for one confirmation at most. */
    static final int BATCHES = 10;
    static final long MAX_PER_CONFIRMATION = (long) BATCHES * InboxService.BULK_DELETE_MAX;

    /**
     * @param matched what the user confirmed
     * @param deleted how many of them are gone
     * @param last    the last step that succeeded: its sample shows what remains
     * @param changed whether a batch was refused because the matches changed
     */
    record Outcome(long matched, long deleted, BulkDeletion last, boolean changed) {

        long remaining() {
            return matched - deleted;
        }
    }

    private final InboxService inboxes;

    @Inject
    public ConfirmedDeletion(InboxService inboxes) {
        this.inboxes = inboxes;
    }

    /**
     * Runs after the user's answer, outside the tool call's request (the answer arrives as another request), hence
     * a request context of its own.
     *
     * @param preview the preview the user was shown; it must hold a confirm token (some inbox matched)
     */
    @ActivateRequestContext
    public Outcome delete(String accountId, InboxFilter filter, BulkDeletion preview) {
        BulkDeletion step = preview;
        long deleted = 0;
        for (int batch = 0; batch < BATCHES && step.hasMore(); batch++) {
            try {
                step = inboxes.bulkDelete(accountId, filter, step.confirmToken());
            } catch (MatchesChangedException changed) {
                return new Outcome(preview.matched(), deleted, step, true);
            }
            deleted += step.deleted();
        }
        return new Outcome(preview.matched(), deleted, step, false);
    }
}
