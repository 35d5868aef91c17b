package dev.inboxes.domain.thread;

import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.ActivityPager;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Text;

/**
 * The thread use cases: an inbox's threads, latest activity first (with the walk guarantee of
 * {@link ActivityPager}), and a thread's messages, oldest first.
 */
public final class ThreadService {

    private final ThreadStore store;
    private final InboxService inboxes;
    private final ActivityPager activityPager;
    private final Pager pager;

    public ThreadService(ThreadStore store, InboxService inboxes, CursorCodec cursors) {
        this.store = store;
        this.inboxes = inboxes;
        this.activityPager = new ActivityPager(cursors);
        this.pager = new Pager(cursors);
    }

    /** Pages of an inbox's threads, latest activity first; an unknown inbox is not found, even when it would be empty. */
    public Page<MessageThread> list(String accountId, String inboxId, PageRequest request) {
        inboxes.get(accountId, inboxId);
        return activityPager.page(request, new QueryScope("threads:" + inboxId, accountId, ""),
                (changedAfter, after, latestFirst, fetchSize, withTotal) ->
                        store.page(inboxId, changedAfter, after, latestFirst, fetchSize, withTotal));
    }

    public MessageThread get(String accountId, String inboxId, String threadId) {
        inboxes.get(accountId, inboxId);
        if (threadId == null || !RandomIds.hasShape(Message.THREAD_ID_PREFIX, threadId)) {
            // Not an id of ours: not worth a query, and echoed bounded, control characters escaped.
            String shown = threadId == null ? "" : Text.quote(threadId);
            throw notFound(shown.isEmpty() ? shown : shown.substring(1, shown.length() - 1));
        }
        return store.find(inboxId, threadId).orElseThrow(() -> notFound(threadId));
    }

    /** Pages of a thread's messages, oldest first. */
    public Page<Message> messages(String accountId, String inboxId, String threadId, PageRequest request) {
        get(accountId, inboxId, threadId);
        return pager.page(request, messagesScope(accountId, threadId),
                (after, fetchSize, withTotal) -> store.messages(inboxId, threadId, after, fetchSize, withTotal));
    }

    /**
     * As {@link #messages}, each message with at most {@code textCharacters} characters of its text; the cursors are
     * the same list's.
     */
    public Page<ThreadMessage> read(String accountId, String inboxId, String threadId, PageRequest request,
            int textCharacters) {
        get(accountId, inboxId, threadId);
        return pager.page(request, messagesScope(accountId, threadId), (after, fetchSize, withTotal) ->
                store.messagesWithText(inboxId, threadId, after, fetchSize, withTotal, textCharacters));
    }

    private static QueryScope messagesScope(String accountId, String threadId) {
        return new QueryScope("thread-messages:" + threadId, accountId, "");
    }

    private static NotFoundException notFound(String threadId) {
        return new NotFoundException("thread", threadId, "list the inbox's threads to find it");
    }
}
