package dev.inboxes.domain.message;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.List;
import java.util.Optional;

/** Port: where messages live. Deleting an inbox deletes its messages. */
public interface MessageStore {

    /**
     * Stores every message in one transaction, each only if its inbox exists in its account and holds no message
     * with the same {@link NewMessage#dedupeKey() dedupe key}. A message joins the thread of the most recent
     * message of its inbox whose Message-ID is among its {@link MessageContent#threadLinks() links}, else starts
     * {@link NewMessage#newThreadId()}. Returns when the transaction has committed.
     *
     * @return one outcome per message, in order
     */
    List<StoreOutcome> insertAll(List<NewMessage> messages);

    /** One keyset slice of an inbox's messages, newest first; see {@code KeysetSource}. */
    default Slice<Message> page(String inboxId, Keyset after, int fetchSize, boolean withTotal) {
        return page(inboxId, MessageFilter.NONE, after, fetchSize, withTotal);
    }

    /**
     * One keyset slice of an inbox's messages that match the filter, newest first; the total counts the matches.
     * See {@link MessageFilter} for what matches and {@code KeysetSource} for the slice.
     */
    Slice<Message> page(String inboxId, MessageFilter filter, Keyset after, int fetchSize, boolean withTotal);

    /** The whole message (without raw and attachment bytes), if it is in that inbox of that account. */
    Optional<MessageDetail> find(String accountId, String inboxId, String messageId);

    /** The message as received, if it is in that inbox of that account. */
    Optional<byte[]> raw(String accountId, String inboxId, String messageId);

    /** One attachment with its bytes, if it belongs to that message of that inbox of that account. */
    Optional<AttachmentContent> attachment(String accountId, String inboxId, String messageId, String attachmentId);

    /**
     * At most {@code maxBytes} of the message as received, from byte {@code start} on, and its whole length, if it is
     * in that inbox of that account; the store sends no more bytes than that.
     */
    Optional<ByteSlice> rawSlice(String accountId, String inboxId, String messageId, int start, int maxBytes);

    /**
     * One attachment's description and at most {@code maxBytes} of its bytes from byte {@code start} on, if it
     * belongs to that message of that inbox of that account; the store sends no more bytes than that.
     */
    Optional<AttachmentSlice> attachmentSlice(String accountId, String inboxId, String messageId, String attachmentId,
            int start, int maxBytes);

    /** @return whether a message was deleted (with its attachments) */
    boolean delete(String accountId, String inboxId, String messageId);
}
