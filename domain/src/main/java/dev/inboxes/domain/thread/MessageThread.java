package dev.inboxes.domain.thread;

import dev.inboxes.domain.paging.ActivityKeyed;
import java.time.Instant;
import java.util.List;

/**
 * A thread as the threads list shows it.
 *
 * @param subject       the subject of the message that started it, reply and forward prefixes removed
 * @param participants  the senders' addresses, in the order they first wrote, at most
 *                      {@value ThreadRules#MAX_PARTICIPANTS}
 * @param messageCount  how many messages it holds
 * @param lastMessageAt when it last received a message (deleting messages does not move a thread)
 * @param snippet       the preview of its latest message
 * @param activitySeq   the inbox's arrival sequence number of its latest delivery: the list's sort key
 */
public record MessageThread(String id, String inboxId, String subject, List<String> participants, long messageCount,
                            Instant lastMessageAt, String snippet, long activitySeq) implements ActivityKeyed {

    public MessageThread {
        participants = List.copyOf(participants);
    }

    /** As stored: the participants as an array (the constructor list queries build rows with). */
    public MessageThread(String id, String inboxId, String subject, String[] participants, long messageCount,
            Instant lastMessageAt, String snippet, long activitySeq) {
        this(id, inboxId, subject, List.of(participants), messageCount, lastMessageAt, snippet, activitySeq);
    }
}
