package dev.inboxes.persistence.message;

import dev.inboxes.domain.message.Direction;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** The columns of a {@code messages} row that lists read, for every entity mapped on that table. */
@MappedSuperclass
public abstract class MessageListRow {

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

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;

    @Column(name = "thread_id", nullable = false)
    public String threadId;

    @Column(name = "has_attachments", nullable = false)
    public boolean hasAttachments;

    @Convert(converter = DirectionColumn.class)
    @Column(nullable = false)
    public Direction direction;

    @Column(name = "sender_verified", nullable = false)
    public boolean senderVerified;
}
