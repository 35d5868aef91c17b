package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "inboxes")
public class InboxEntity {

    @Id
    public String id;

    @Column(name = "account_id", nullable = false)
    public String accountId;

    @Column(nullable = false)
    public String address;

    @Column(name = "display_name")
    public String displayName;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** Kept by a database trigger with every insert and delete of a message; read-only here. */
    @Column(name = "message_count", insertable = false, updatable = false)
    public long messageCount;

    /** Kept by a database trigger with every insert and delete of a thread; read-only here. */
    @Column(name = "thread_count", insertable = false, updatable = false)
    public long threadCount;

    static InboxEntity of(String accountId, Inbox inbox) {
        InboxEntity entity = new InboxEntity();
        entity.id = inbox.id();
        entity.accountId = accountId;
        entity.address = inbox.address();
        entity.displayName = inbox.displayName();
        entity.createdAt = inbox.createdAt();
        return entity;
    }

    Inbox toDomain() {
        return new Inbox(id, address, displayName, createdAt);
    }
}
