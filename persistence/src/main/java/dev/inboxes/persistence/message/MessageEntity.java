package dev.inboxes.persistence.message;

import jakarta.persistence.Basic;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "messages")
public class MessageEntity {

    @Id
    public String id;

    @Column(name = "inbox_id", nullable = false)
    public String inboxId;

    @Column(name = "from_address", nullable = false)
    public String fromAddress;

    @Column(name = "to_address", nullable = false)
    public String toAddress;

    @Column(nullable = false)
    public String subject;

    @Column(nullable = false)
    public String preview;

    /** Up to 100,000 characters that no list shows: loaded only when read. */
    @Basic(fetch = FetchType.LAZY)
    @Column(nullable = false)
    public String body;

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;
}
