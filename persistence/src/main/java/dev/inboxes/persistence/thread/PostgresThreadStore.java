package dev.inboxes.persistence.thread;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.ActivityKey;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.thread.MessageThread;
import dev.inboxes.domain.thread.ThreadMessage;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Threads in PostgreSQL: the Panache repository of {@link ThreadEntity}, behind the domain's port. The rows are kept by
 * {@link ThreadKeeper} with every delivery and by a trigger with every delete; this class only reads.
 */
@ApplicationScoped
@StoreOperation
public class PostgresThreadStore implements ThreadStore, PanacheRepositoryBase<ThreadEntity, String> {

    private static final String THREAD_ROW = "new " + MessageThread.class.getName()
            + "(e.id, e.inboxId, e.subject, e.participants, e.messageCount, e.lastMessageAt, e.snippet, e.activitySeq)";
    private static final String MESSAGE_ROW = "new " + Message.class.getName()
            + "(e.id, e.inboxId, e.fromAddress, e.toAddress, e.subject, e.preview, e.receivedAt, e.threadId, "
            + "e.hasAttachments, e.direction, e.senderVerified)";
    /** The beginning of the text in characters (PostgreSQL counts code points), and whether it is all of it. */
    private static final String MESSAGE_WITH_TEXT_ROW = "new " + ThreadMessage.class.getName()
            + "(e.id, e.inboxId, e.fromAddress, e.toAddress, e.subject, e.preview, e.receivedAt, e.threadId, "
            + "e.hasAttachments, e.direction, e.senderVerified, substring(e.text, 1, :characters), "
            + "case when length(e.text) > :characters then true else false end)";
    /** The inbox's own counter: an exact total without counting its threads. */
    private static final String THREAD_COUNTER = "select i.threadCount from InboxEntity i where i.id = :inboxId";
    private static final String MESSAGE_COUNTER = "select t.messageCount from ThreadEntity t where t.id = :threadId";

    @Inject
    KeysetReader keysetReader;

    @Override
    public Slice<MessageThread> page(String inboxId, long changedAfter, ActivityKey after, boolean latestFirst,
            int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("threads", "ThreadEntity", THREAD_ROW,
                alias -> alias + ".inboxId = :inboxId and " + alias + ".activitySeq > :changedAfter",
                Map.of("inboxId", inboxId, "changedAfter", changedAfter), "activitySeq", THREAD_COUNTER,
                latestFirst ? KeysetQuery.Order.DESCENDING : KeysetQuery.Order.ASCENDING);
        return keysetReader.read(query, MessageThread.class, after == null ? null : after.seq(),
                after == null ? null : after.id(), fetchSize, withTotal);
    }

    @Override
    public Optional<MessageThread> find(String inboxId, String threadId) {
        return getEntityManager().createQuery("select " + THREAD_ROW + " from ThreadEntity e where e.id = :threadId "
                        + "and e.inboxId = :inboxId", MessageThread.class)
                .setParameter("threadId", threadId).setParameter("inboxId", inboxId)
                .getResultStream().findFirst();
    }

    @Override
    public Slice<Message> messages(String inboxId, String threadId, Keyset after, int fetchSize, boolean withTotal) {
        return keysetReader.read(messagesQuery(MESSAGE_ROW, inboxId, threadId, Map.of()), Message.class, after,
                fetchSize, withTotal);
    }

    @Override
    public Slice<ThreadMessage> messagesWithText(String inboxId, String threadId, Keyset after, int fetchSize,
            boolean withTotal, int textCharacters) {
        return keysetReader.read(messagesQuery(MESSAGE_WITH_TEXT_ROW, inboxId, threadId,
                Map.of("characters", textCharacters)), ThreadMessage.class, after, fetchSize, withTotal);
    }

    private static KeysetQuery messagesQuery(String row, String inboxId, String threadId, Map<String, Object> more) {
        Map<String, Object> parameters = new HashMap<>(more);
        parameters.put("inboxId", inboxId);
        parameters.put("threadId", threadId);
        return new KeysetQuery("thread_messages", "ThreadMessageView", row,
                alias -> alias + ".threadId = :threadId and " + alias + ".inboxId = :inboxId", parameters,
                "receivedAt", MESSAGE_COUNTER, KeysetQuery.Order.ASCENDING);
    }
}
