package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.persistence.shared.AccountOwnedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "inboxes")
public class InboxEntity extends AccountOwnedRow {

    @Column(nullable = false)
    public String address;

    @Column(name = "display_name")
    public String displayName;

    /** Kept by a database trigger with every insert and delete of a message; read-only here. */
    @Column(name = "message_count", insertable = false, updatable = false)
    public long messageCount;

    /** Kept by a database trigger with every insert and delete of a thread; read-only here. */
    @Column(name = "thread_count", insertable = false, updatable = false)
    public long threadCount;

    static InboxEntity of(String accountId, Inbox inbox) {
        InboxEntity entity = new InboxEntity();
        entity.own(inbox.id(), accountId, inbox.createdAt());
        entity.address = inbox.address();
        entity.displayName = inbox.displayName();
        return entity;
    }

    Inbox toDomain() {
        return new Inbox(id, address, displayName, createdAt);
    }
}
