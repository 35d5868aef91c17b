package dev.inboxes.domain.message;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The message use cases: record an inbound message, list an inbox's messages, read one whole (its raw bytes and
 * attachments too), delete one. Received mail is stored by {@code MailDelivery} through the same store.
 */
public final class MessageService {

    private final MessageStore store;
    private final InboxService inboxes;
    private final Pager pager;
    private final Clock clock;

    public MessageService(MessageStore store, InboxService inboxes, CursorCodec cursors, Clock clock) {
        this.store = store;
        this.inboxes = inboxes;
        this.pager = new Pager(cursors);
        this.clock = clock;
    }

    /** Stores the message as received mail is stored, with an RFC 5322 text composed from the fields for /raw. */
    public Message record(String accountId, String inboxId, RecordMessage request) {
        Inbox inbox = inboxes.get(accountId, inboxId);
        String id = RandomIds.newId(Message.ID_PREFIX);
        Instant now = Timestamps.nowMicros(clock);
        String to = request.to() == null ? inbox.address() : request.to();
        String messageIdHeader = "<" + id + "@" + inbox.address().substring(inbox.address().lastIndexOf('@') + 1) + ">";
        byte[] raw = PlainTextMessage.compose(request.from(), to, request.subject(), request.text(), messageIdHeader, now);
        MessageContent content = new MessageContent(request.from(), null, to, null, null, request.subject(), now,
                messageIdHeader, null, List.of(), request.text(), null, List.of(), raw);
        StoreOutcome outcome = store.insertAll(List.of(newMessage(id, accountId, inboxId, content, dedupeKey(content),
                now))).get(0);
        if (outcome.status() != StoreOutcome.Status.STORED) {
            throw Inbox.notFound(inboxId); // deleted since we read it
        }
        return outcome.row();
    }

    /** Pages of one inbox's messages; an unknown inbox is not found, even when it would be empty. */
    public Page<Message> list(String accountId, String inboxId, PageRequest request) {
        return list(accountId, inboxId, MessageFilter.NONE, request);
    }

    /**
     * Pages of one inbox's messages that match the filter; the total counts the matches. A cursor belongs to its
     * filter (and inbox, and account).
     */
    public Page<Message> list(String accountId, String inboxId, MessageFilter filter, PageRequest request) {
        inboxes.get(accountId, inboxId);
        return pager.page(request, scope(accountId, inboxId, filter),
                (after, fetchSize, withTotal) -> store.page(inboxId, filter, after, fetchSize, withTotal));
    }

    /** An id that cannot be a message id (NUL bytes, a megabyte of text…) is not found, without asking the store. */
    public MessageDetail get(String accountId, String inboxId, String messageId) {
        Optional<MessageDetail> found = RandomIds.hasShape(Message.ID_PREFIX, messageId)
                ? store.find(accountId, inboxId, messageId) : Optional.empty();
        return found.orElseThrow(() -> notFound(accountId, inboxId, messageId));
    }

    /** The message as received (for a recorded message, the text composed when it was recorded). */
    public byte[] raw(String accountId, String inboxId, String messageId) {
        return store.raw(accountId, inboxId, messageId).orElseThrow(() -> notFound(accountId, inboxId, messageId));
    }

    public AttachmentContent attachment(String accountId, String inboxId, String messageId, String attachmentId) {
        return store.attachment(accountId, inboxId, messageId, attachmentId).orElseThrow(() -> {
            get(accountId, inboxId, messageId); // the message's own 404 first, when it is the message that is missing
            return new NotFoundException("attachment", attachmentId, "get the message to see its attachments' ids");
        });
    }

    public void delete(String accountId, String inboxId, String messageId) {
        if (!store.delete(accountId, inboxId, messageId)) {
            throw notFound(accountId, inboxId, messageId);
        }
    }

    /** A message list's cursor belongs to its inbox, account and filter. */
    private static QueryScope scope(String accountId, String inboxId, MessageFilter filter) {
        return new QueryScope("messages:" + inboxId, accountId, filter.canonical());
    }

    /** What makes a redelivery the same message: its Message-ID, else the digest of its raw bytes. */
    public static String dedupeKey(MessageContent content) {
        return content.messageIdHeader() != null ? MessageContent.idKey(content.messageIdHeader())
                : "sha256:" + Hashing.sha256Hex(content.raw());
    }

    /** A new message for one inbox, with fresh ids for it, its attachments and the thread it may start. */
    public static NewMessage newMessage(String id, String accountId, String inboxId, MessageContent content,
            String dedupeKey, Instant receivedAt) {
        return newMessage(id, accountId, inboxId, content, MessageExtracts.of(content.subject(), content.text()),
                dedupeKey, bodyDigest(content.raw()), receivedAt);
    }

    /** As above, with the extracts already found (one message delivered to several inboxes is searched once). */
    public static NewMessage newMessage(String id, String accountId, String inboxId, MessageContent content,
            MessageExtracts extracts, String dedupeKey, String bodyDigest, Instant receivedAt) {
        List<String> attachmentIds = content.attachments().stream()
                .map(attachment -> RandomIds.newId(Attachment.ID_PREFIX)).toList();
        return new NewMessage(id, accountId, inboxId, content, dedupeKey, bodyDigest,
                RandomIds.newId(Message.THREAD_ID_PREFIX), attachmentIds, receivedAt, extracts, Direction.INBOUND);
    }

    /**
     * The digest of a message's body as sent (the bytes after its header block; all of them without one). A retry
     * sends the same body, even through another relay that adds its own trace headers; a sender who reuses another
     * message's Message-ID cannot know its body.
     */
    public static String bodyDigest(byte[] raw) {
        int body = 0;
        for (int i = 0; i + 1 < raw.length; i++) {
            if (raw[i] == '\n' && (raw[i + 1] == '\n' || raw[i + 1] == '\r' && i + 2 < raw.length && raw[i + 2] == '\n')) {
                body = raw[i + 1] == '\n' ? i + 2 : i + 3;
                break;
            }
        }
        return dev.inboxes.domain.shared.Hashing.sha256Hex(java.util.Arrays.copyOfRange(raw, body, raw.length));
    }

    /** A missing inbox is reported as such; otherwise the message is missing. */
    private NotFoundException notFound(String accountId, String inboxId, String messageId) {
        inboxes.get(accountId, inboxId);
        return new NotFoundException("message", messageId, "list the inbox's messages to find it");
    }
}
