package dev.inboxes.domain.thread;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.ActivityKey;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.Optional;

/**
 * Port: the threads of an inbox. Stores keep them with every message stored (see {@code MessageStore#insertAll},
 * which applies {@link ThreadRules}) and deleted: a thread goes when its last message does.
 */
public interface ThreadStore {

    /** One slice of an inbox's threads ordered by activity; see {@code ActivitySource}. */
    Slice<MessageThread> page(String inboxId, long changedAfter, ActivityKey after, boolean latestFirst, int fetchSize,
            boolean withTotal);

    /** The thread, if it is a thread of that inbox. */
    Optional<MessageThread> find(String inboxId, String threadId);

    /**
     * One keyset slice of a thread's messages, oldest first ({@code received_at} ascending, ties by id ascending),
     * strictly after {@code after} in that order; see {@code KeysetSource} (the total is the thread's messages).
     */
    Slice<Message> messages(String inboxId, String threadId, Keyset after, int fetchSize, boolean withTotal);

    /** As {@link #messages}, each with at most {@code textCharacters} characters of its text. */
    Slice<ThreadMessage> messagesWithText(String inboxId, String threadId, Keyset after, int fetchSize,
            boolean withTotal, int textCharacters);
}
