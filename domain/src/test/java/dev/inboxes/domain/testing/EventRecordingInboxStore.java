package dev.inboxes.domain.testing;

import dev.inboxes.domain.event.EventType;
import dev.inboxes.domain.inbox.CreatedInbox;
import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxMatches;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.List;
import java.util.Optional;

/**
 * An {@link InboxStore} whose changes write their events into an {@link InMemoryEventLog}, as migration V14's
 * triggers do for the PostgreSQL store: {@code inbox.created} for a new inbox (not for a replayed create),
 * {@code inbox.deleted} for each one deleted, its data the inbox as REST shows it.
 */
public class EventRecordingInboxStore implements InboxStore {

    private final InboxStore inboxes;
    private final InMemoryEventLog log;

    public EventRecordingInboxStore(InboxStore inboxes, InMemoryEventLog log) {
        this.inboxes = inboxes;
        this.log = log;
    }

    @Override
    public CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
        CreatedInbox created = inboxes.create(accountId, candidate, idempotencyKey);
        if (!created.replayed()) {
            record(accountId, EventType.INBOX_CREATED, created.inbox());
        }
        return created;
    }

    @Override
    public Optional<Inbox> find(String accountId, String inboxId) {
        return inboxes.find(accountId, inboxId);
    }

    @Override
    public boolean delete(String accountId, String inboxId) {
        Optional<Inbox> inbox = inboxes.find(accountId, inboxId);
        boolean deleted = inboxes.delete(accountId, inboxId);
        if (deleted) {
            record(accountId, EventType.INBOX_DELETED, inbox.orElseThrow());
        }
        return deleted;
    }

    @Override
    public Slice<Inbox> page(String accountId, InboxFilter filter, Keyset after, int fetchSize, boolean withTotal) {
        return inboxes.page(accountId, filter, after, fetchSize, withTotal);
    }

    @Override
    public InboxMatches matches(String accountId, InboxFilter filter) {
        return inboxes.matches(accountId, filter);
    }

    @Override
    public Optional<InboxMatches> deleteMatches(String accountId, InboxFilter filter, InboxMatches expected, int max) {
        List<Inbox> before = inboxes.page(accountId, filter, null, max, false).rows();
        Optional<InboxMatches> deleted = inboxes.deleteMatches(accountId, filter, expected, max);
        before.stream().filter(inbox -> inboxes.find(accountId, inbox.id()).isEmpty())
                .forEach(inbox -> record(accountId, EventType.INBOX_DELETED, inbox));
        return deleted;
    }

    private void record(String accountId, EventType type, Inbox inbox) {
        log.record(accountId, type.wire(), inbox.id(), "{\"id\": \"" + inbox.id() + "\", \"address\": \""
                + inbox.address() + "\", \"created_at\": \"" + inbox.createdAt() + "\", \"display_name\": "
                + (inbox.displayName() == null ? "null" : "\"" + inbox.displayName() + "\"") + "}");
    }
}
