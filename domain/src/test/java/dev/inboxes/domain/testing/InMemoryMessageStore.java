package dev.inboxes.domain.testing;

import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.message.AttachmentContent;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The in-memory {@link MessageStore}, over an {@link InMemoryInboxStore}: a message is stored only in an inbox
 * of its account and once per dedupe key, joins the thread it links to, and goes with its inbox.
 * {@link MessageStoreContract} holds it to the PostgreSQL store's behaviour.
 */
public class InMemoryMessageStore implements MessageStore {

    private record Stored(String accountId, NewMessage message, Message row) {
    }

    private final InMemoryInboxStore inboxes;
    private final List<Stored> messages = new ArrayList<>();

    public InMemoryMessageStore(InMemoryInboxStore inboxes) {
        this.inboxes = inboxes;
    }

    @Override
    public synchronized List<StoreOutcome> insertAll(List<NewMessage> batch) {
        List<StoreOutcome> outcomes = new ArrayList<>();
        for (NewMessage message : batch) {
            outcomes.add(insert(message));
        }
        return outcomes;
    }

    private StoreOutcome insert(NewMessage message) {
        if (inboxes.find(message.accountId(), message.inboxId()).isEmpty()) {
            return new StoreOutcome(StoreOutcome.Status.NO_INBOX, null);
        }
        List<Stored> inbox = ofInbox(message.inboxId());
        if (inbox.stream().anyMatch(stored -> stored.message().dedupeKey().equals(message.dedupeKey()))) {
            return new StoreOutcome(StoreOutcome.Status.DUPLICATE, null);
        }
        List<String> links = message.content().threadLinks();
        String threadId = inbox.stream()
                .filter(stored -> links.contains(stored.message().content().messageIdHeader()))
                .max(Comparator.comparing(stored -> stored.row().receivedAt()))
                .map(stored -> stored.row().threadId())
                .orElse(message.newThreadId());
        MessageContent content = message.content();
        Message row = new Message(message.id(), message.inboxId(), content.from(), content.to(), content.subject(),
                content.preview(), message.receivedAt(), threadId, !content.attachments().isEmpty());
        messages.add(new Stored(message.accountId(), message, row));
        return StoreOutcome.stored(row);
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
                    content.text(), content.html(), attachments(stored));
        });
    }

    @Override
    public synchronized Optional<byte[]> raw(String accountId, String inboxId, String messageId) {
        return owned(accountId, inboxId, messageId).map(stored -> stored.message().content().raw().clone());
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
        return owned(accountId, inboxId, messageId).map(messages::remove).orElse(false);
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
