package dev.inboxes.domain.message;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;

/** The message use cases: record an inbound message, list an inbox's messages. */
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

    public Message record(String accountId, String inboxId, RecordMessage request) {
        Inbox inbox = inboxes.get(accountId, inboxId);
        Message message = new Message(RandomIds.newId(Message.ID_PREFIX), inbox.id(), request.from(),
                request.to() == null ? inbox.address() : request.to(), request.subject(), request.preview(),
                Timestamps.nowMicros(clock));
        if (!store.insert(accountId, message, request.text())) {
            throw InboxService.notFound(inboxId); // deleted since we read it
        }
        return message;
    }

    /** Pages of one inbox's messages; an unknown inbox is not found, even when it would be empty. */
    public Page<Message> list(String accountId, String inboxId, PageRequest request) {
        inboxes.get(accountId, inboxId);
        return pager.page(request, scope(accountId, inboxId),
                (after, fetchSize, withTotal) -> store.page(inboxId, after, fetchSize, withTotal));
    }

    /** A message list's cursor belongs to its inbox and account. */
    private static QueryScope scope(String accountId, String inboxId) {
        return new QueryScope("messages:" + inboxId, accountId, "");
    }
}
