package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/**
 * The first result for one account and Idempotency-Key: the inbox a create made (a snapshot, so it outlives the
 * inbox), or the message a send accepted ({@code messageId}; the outbox store writes and reads those).
 */
@Entity
@Table(name = "idempotency_keys")
public class IdempotencyKeyEntity {

    @EmbeddedId
    public Key key;

    @Column(name = "request_fingerprint", nullable = false)
    public String requestFingerprint;

    @Column(name = "inbox_id")
    public String inboxId;

    @Column
    public String address;

    @Column(name = "display_name")
    public String displayName;

    @Column(name = "inbox_created_at")
    public Instant inboxCreatedAt;

    @Column(name = "message_id")
    public String messageId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    Inbox toInbox() {
        return new Inbox(inboxId, address, displayName, inboxCreatedAt);
    }

    @Embeddable
    public record Key(@Column(name = "account_id") String accountId,
                      @Column(name = "idempotency_key") String idempotencyKey) implements Serializable {
    }
}
