package dev.inboxes.domain.testing;

import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.message.AttachmentContent;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.ByteSlice;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.paging.ActivityKey;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.thread.MessageThread;
import dev.inboxes.domain.thread.ThreadMessage;
import dev.inboxes.domain.thread.ThreadRules;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.Arrival;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.wait.Arrivals;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * The in-memory {@link MessageStore}, {@link ThreadStore} and {@link ArrivalStore}, over an
 * {@link InMemoryInboxStore}: a message is stored only in an inbox of its account and once per dedupe key, takes the
 * inbox's next arrival number, joins its thread by {@link ThreadRules}, and goes with its inbox.
 * {@link MessageStoreContract} and {@link ThreadStoreContract} hold it to the PostgreSQL stores' behaviour.
 */
public class InMemoryMessageStore implements MessageStore, ThreadStore, ArrivalStore {

    private record Stored(String accountId, NewMessage message, Message row, long seq) {
    }

    /** What a thread keeps across deletions: where it sorts, and when it last received a message. */
    private static final class ThreadState {
        final String id;
        final String inboxId;
        final String subject;
        final String subjectKey;
        long activitySeq;
        Instant lastMessageAt;

        ThreadState(String id, String inboxId, String subject, long activitySeq, Instant lastMessageAt) {
            this.id = id;
            this.inboxId = inboxId;
            this.subject = ThreadRules.displaySubject(subject);
            this.subjectKey = ThreadRules.subjectKey(subject);
            this.activitySeq = activitySeq;
            this.lastMessageAt = lastMessageAt;
        }
    }

    private final InMemoryInboxStore inboxes;
    private final List<Stored> messages = new ArrayList<>();
    private final Map<String, Long> sequences = new HashMap<>();
    private final Map<String, ThreadState> threads = new LinkedHashMap<>();
    private BiConsumer<String, Long> arrivals = (inboxId, seq) -> { };

    public InMemoryMessageStore(InMemoryInboxStore inboxes) {
        this.inboxes = inboxes;
    }

    /** Called with (inbox id, arrival number) after each stored message, as replicas are told of every commit. */
    public synchronized void onArrival(BiConsumer<String, Long> listener) {
        this.arrivals = listener;
    }

    @Override
    public List<StoreOutcome> insertAll(List<NewMessage> batch) {
        List<StoreOutcome> outcomes = new ArrayList<>();
        List<Message> stored = new ArrayList<>();
        BiConsumer<String, Long> listener;
        synchronized (this) {
            for (NewMessage message : batch) {
                StoreOutcome outcome = insert(message);
                outcomes.add(outcome);
                if (outcome.row() != null) {
                    stored.add(outcome.row());
                }
            }
            listener = arrivals;
        }
        // After the "commit", outside the lock, as notifications arrive after a transaction.
        for (Message row : stored) {
            listener.accept(row.inboxId(), seqOf(row.id()));
        }
        return outcomes;
    }

    private synchronized long seqOf(String messageId) {
        return messages.stream().filter(stored -> stored.row().id().equals(messageId)).mapToLong(Stored::seq)
                .findFirst().orElse(-1);
    }

    private StoreOutcome insert(NewMessage message) {
        if (inboxes.find(message.accountId(), message.inboxId()).isEmpty()) {
            return new StoreOutcome(StoreOutcome.Status.NO_INBOX, null);
        }
        long seq = sequences.merge(message.inboxId(), 1L, Long::sum); // taken even by a duplicate, as in PostgreSQL
        List<Stored> inbox = ofInbox(message.inboxId());
        if (inbox.stream().anyMatch(stored -> stored.message().dedupeKey().equals(message.dedupeKey())
                && stored.message().bodyDigest().equals(message.bodyDigest()))) {
            return new StoreOutcome(StoreOutcome.Status.DUPLICATE, null);
        }
        MessageContent content = message.content();
        String threadId = threadFor(message, inbox);
        Message row = new Message(message.id(), message.inboxId(), content.from(), content.to(), content.subject(),
                content.preview(), message.receivedAt(), threadId, !content.attachments().isEmpty(), message.direction(),
                content.authentication() != null && content.authentication().senderVerified());
        messages.add(new Stored(message.accountId(), message, row, seq));
        ThreadState thread = threads.computeIfAbsent(threadId, id -> new ThreadState(id, message.inboxId(),
                content.subject(), seq, message.receivedAt()));
        thread.activitySeq = seq;
        if (message.receivedAt().isAfter(thread.lastMessageAt)) {
            thread.lastMessageAt = message.receivedAt();
        }
        return StoreOutcome.stored(row);
    }

    /** {@link ThreadRules}, in order. */
    private String threadFor(NewMessage message, List<Stored> inbox) {
        MessageContent content = message.content();
        List<String> links = content.threadLinks();
        Set<String> named = new LinkedHashSet<>(links);
        if (content.messageIdHeader() != null) {
            named.add(MessageContent.idKey(content.messageIdHeader()));
        }
        Comparator<Stored> recent = Comparator.comparingLong(Stored::seq);
        Optional<String> byReference = inbox.stream().filter(stored -> links.contains(stored.message().dedupeKey()))
                .max(recent).map(stored -> stored.row().threadId());
        Optional<String> byReferrer = inbox.stream()
                .filter(stored -> stored.message().content().threadLinks().stream().anyMatch(named::contains))
                .max(recent).map(stored -> stored.row().threadId());
        Optional<String> bySubject = ThreadRules.subjectFallback(content).flatMap(key -> threads.values().stream()
                .filter(thread -> thread.inboxId.equals(message.inboxId()) && thread.subjectKey.equals(key)
                        && !thread.lastMessageAt.isBefore(message.receivedAt().minus(ThreadRules.SUBJECT_WINDOW))
                        && row(thread).participants().contains(content.from()))
                .max(Comparator.comparingLong(thread -> thread.activitySeq)).map(thread -> thread.id));
        return Stream.of(byReference, byReferrer, bySubject).flatMap(Optional::stream).findFirst()
                .orElse(message.newThreadId());
    }

    @Override
    public synchronized Slice<Message> page(String inboxId, MessageFilter filter, Keyset after, int fetchSize,
            boolean withTotal) {
        return new ListKeysetSource<>(ofInbox(inboxId).stream().filter(stored -> matches(stored, filter))
                .map(Stored::row).toList()).fetch(after, fetchSize, withTotal);
    }

    /** Each word a case-insensitive substring of the sender (address or name), the subject or the text. */
    private static boolean matches(Stored stored, MessageFilter filter) {
        MessageContent content = stored.message().content();
        String searched = String.join("\n", content.from(), content.fromName() == null ? "" : content.fromName(),
                content.subject(), content.text()).toLowerCase(Locale.ROOT);
        return filter.words().stream().allMatch(searched::contains);
    }

    @Override
    public synchronized Optional<MessageDetail> find(String accountId, String inboxId, String messageId) {
        return owned(accountId, inboxId, messageId).map(stored -> {
            MessageContent content = stored.message().content();
            return new MessageDetail(stored.row(), content.fromName(), content.cc(), content.replyTo(),
                    content.sentAt(), content.messageIdHeader(), content.inReplyTo(), content.references(),
                    content.text(), content.html(), attachments(stored), stored.message().extracts(),
                    content.authentication());
        });
    }

    @Override
    public synchronized Optional<byte[]> raw(String accountId, String inboxId, String messageId) {
        return owned(accountId, inboxId, messageId).map(stored -> stored.message().content().raw().clone());
    }

    @Override
    public synchronized Optional<ByteSlice> rawSlice(String accountId, String inboxId, String messageId, int start,
            int maxBytes) {
        return owned(accountId, inboxId, messageId)
                .map(stored -> ByteSlice.of(stored.message().content().raw(), start, maxBytes));
    }

    @Override
    public synchronized Optional<AttachmentSlice> attachmentSlice(String accountId, String inboxId, String messageId,
            String attachmentId, int start, int maxBytes) {
        return attachment(accountId, inboxId, messageId, attachmentId)
                .map(found -> new AttachmentSlice(found.attachment(), ByteSlice.of(found.content(), start, maxBytes)));
    }

    @Override
    public synchronized Optional<AttachmentContent> attachment(String accountId, String inboxId, String messageId,
            String attachmentId) {
        return owned(accountId, inboxId, messageId).flatMap(stored -> {
            List<Attachment> described = attachments(stored);
            for (int i = 0; i < described.size(); i++) {
                if (described.get(i).id().equals(attachmentId)) {
                    return Optional.of(new AttachmentContent(described.get(i),
                            stored.message().content().attachments().get(i).content().clone()));
                }
            }
            return Optional.empty();
        });
    }

    @Override
    public synchronized boolean delete(String accountId, String inboxId, String messageId) {
        Optional<Stored> deleted = owned(accountId, inboxId, messageId);
        deleted.ifPresent(stored -> {
            messages.remove(stored);
            if (ofThread(stored.row().threadId()).isEmpty()) {
                threads.remove(stored.row().threadId());
            }
        });
        return deleted.isPresent();
    }

    @Override
    public synchronized Slice<MessageThread> page(String inboxId, long changedAfter, ActivityKey after,
            boolean latestFirst, int fetchSize, boolean withTotal) {
        Comparator<MessageThread> order = Comparator.comparingLong(MessageThread::activitySeq)
                .thenComparing(MessageThread::id);
        if (latestFirst) {
            order = order.reversed();
        }
        List<MessageThread> all = threadsOf(inboxId).map(this::row).toList();
        Comparator<MessageThread> listOrder = order;
        MessageThread start = after == null ? null
                : new MessageThread(after.id(), inboxId, "", List.<String>of(), 0, Instant.EPOCH, "", after.seq());
        List<MessageThread> rows = all.stream()
                .filter(thread -> thread.activitySeq() > changedAfter)
                .filter(thread -> start == null || listOrder.compare(thread, start) > 0)
                .sorted(listOrder).limit(fetchSize).toList();
        return new Slice<>(rows, withTotal ? OptionalLong.of(all.size()) : OptionalLong.empty());
    }

    @Override
    public synchronized Optional<MessageThread> find(String inboxId, String threadId) {
        return threadsOf(inboxId).filter(thread -> thread.id.equals(threadId)).findFirst().map(this::row);
    }

    @Override
    public synchronized Slice<Message> messages(String inboxId, String threadId, Keyset after, int fetchSize,
            boolean withTotal) {
        Slice<ThreadMessage> slice = messagesWithText(inboxId, threadId, after, fetchSize, withTotal, 0);
        return new Slice<>(slice.rows().stream().map(ThreadMessage::message).toList(), slice.total());
    }

    @Override
    public synchronized Slice<ThreadMessage> messagesWithText(String inboxId, String threadId, Keyset after,
            int fetchSize, boolean withTotal, int textCharacters) {
        Comparator<Keyset> oldestFirst = ListOrder.KEYSETS.reversed();
        List<Stored> thread = find(inboxId, threadId).isPresent() ? ofThread(threadId) : List.of();
        List<ThreadMessage> rows = thread.stream()
                .filter(stored -> after == null || oldestFirst.compare(stored.row().keyset(), after) > 0)
                .sorted(Comparator.comparing(stored -> stored.row().keyset(), oldestFirst))
                .limit(fetchSize)
                .map(stored -> {
                    String text = stored.message().content().text();
                    String beginning = ThreadMessage.beginning(text, textCharacters);
                    return new ThreadMessage(stored.row(), beginning, beginning.length() < text.length());
                })
                .toList();
        return new Slice<>(rows, withTotal ? OptionalLong.of(thread.size()) : OptionalLong.empty());
    }

    @Override
    public synchronized OptionalLong current(String inboxId) {
        return inboxes.exists(inboxId) ? OptionalLong.of(sequences.getOrDefault(inboxId, 0L)) : OptionalLong.empty();
    }

    @Override
    public synchronized Optional<Arrivals> after(String inboxId, long afterSeq, Instant receivedAfter, int limit) {
        if (!inboxes.exists(inboxId)) {
            return Optional.empty();
        }
        List<Arrival> rows = ofInbox(inboxId).stream()
                .filter(stored -> stored.seq() > afterSeq)
                .filter(stored -> receivedAfter == null || stored.row().receivedAt().isAfter(receivedAfter))
                .sorted(Comparator.comparingLong(Stored::seq)).limit(limit)
                .map(stored -> new Arrival(stored.seq(), stored.row())).toList();
        return Optional.of(new Arrivals(rows, sequences.getOrDefault(inboxId, 0L)));
    }

    private Stream<ThreadState> threadsOf(String inboxId) {
        return inboxes.exists(inboxId)
                ? threads.values().stream().filter(thread -> thread.inboxId.equals(inboxId)) : Stream.empty();
    }

    private List<Stored> ofThread(String threadId) {
        return messages.stream().filter(stored -> stored.row().threadId().equals(threadId))
                .filter(stored -> inboxes.exists(stored.row().inboxId()))
                .sorted(Comparator.comparingLong(Stored::seq)).toList();
    }

    /** The thread's row: counted, its senders and latest snippet from the messages it still holds. */
    private MessageThread row(ThreadState thread) {
        List<Stored> held = ofThread(thread.id);
        List<String> participants = held.stream().map(stored -> stored.row().from()).filter(from -> !from.isEmpty())
                .distinct().limit(ThreadRules.MAX_PARTICIPANTS).toList();
        String snippet = held.isEmpty() ? "" : held.get(held.size() - 1).row().preview();
        return new MessageThread(thread.id, thread.inboxId, thread.subject, participants, held.size(),
                thread.lastMessageAt, snippet, thread.activitySeq);
    }

    private static List<Attachment> attachments(Stored stored) {
        List<Attachment> described = new ArrayList<>();
        List<NewAttachment> parts = stored.message().content().attachments();
        for (int i = 0; i < parts.size(); i++) {
            NewAttachment part = parts.get(i);
            described.add(new Attachment(stored.message().attachmentIds().get(i), part.filename(), part.contentType(),
                    part.content().length, part.contentId(), part.inline()));
        }
        return described;
    }

    /** The inbox's messages; none once the inbox is gone (its messages go with it). */
    private List<Stored> ofInbox(String inboxId) {
        return inboxes.exists(inboxId)
                ? messages.stream().filter(stored -> stored.row().inboxId().equals(inboxId)).toList()
                : List.of();
    }

    private Optional<Stored> owned(String accountId, String inboxId, String messageId) {
        return ofInbox(inboxId).stream()
                .filter(stored -> stored.accountId().equals(accountId) && stored.row().id().equals(messageId))
                .findFirst();
    }
}
