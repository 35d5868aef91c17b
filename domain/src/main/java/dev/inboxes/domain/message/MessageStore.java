package dev.inboxes.domain.message;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;

/** Port: where messages live. Deleting an inbox deletes its messages. */
public interface MessageStore {

    /**
     * Stores the message with its full text, if the inbox exists in the account.
     *
     * @return false when the inbox does not exist in this account (nothing is stored)
     */
    boolean insert(String accountId, Message message, String text);

    /** One keyset slice of an inbox's messages, newest first; see {@code KeysetSource}. */
    Slice<Message> page(String inboxId, Keyset after, int fetchSize, boolean withTotal);
}
