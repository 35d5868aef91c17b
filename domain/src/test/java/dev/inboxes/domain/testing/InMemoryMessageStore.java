package dev.inboxes.domain.testing;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory {@link MessageStore}, over an {@link InMemoryInboxStore}: a message is stored only in an inbox
 * of the account, and an inbox's messages go with it. {@link MessageStoreContract} holds it to the PostgreSQL
 * store's behaviour.
 */
public class InMemoryMessageStore implements MessageStore {

    private final InMemoryInboxStore inboxes;
    private final List<Message> messages = new ArrayList<>();

    public InMemoryMessageStore(InMemoryInboxStore inboxes) {
        this.inboxes = inboxes;
    }

    @Override
    public synchronized boolean insert(String accountId, Message message, String text) {
        if (inboxes.find(accountId, message.inboxId()).isEmpty()) {
            return false;
        }
        messages.add(message);
        return true;
    }

    @Override
    public synchronized Slice<Message> page(String inboxId, Keyset after, int fetchSize, boolean withTotal) {
        List<Message> ofInbox = inboxes.exists(inboxId)
                ? messages.stream().filter(message -> message.inboxId().equals(inboxId)).toList()
                : List.of();
        return new ListKeysetSource<>(ofInbox).fetch(after, fetchSize, withTotal);
    }
}
