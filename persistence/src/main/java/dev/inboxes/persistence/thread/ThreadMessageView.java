package dev.inboxes.persistence.thread;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/**
 * Messages as a thread's list reads them: the list columns, the thread, and the text (of which a query selects only
 * the beginning). Read-only: messages are written by the message store.
 */
@Entity
@Immutable
@Table(name = "messages")
public class ThreadMessageView {

    @Id
    public String id;

    @Column(name = "inbox_id")
    public String inboxId;

    @Column(name = "from_address")
    public String fromAddress;

    @Column(name = "to_address")
    public String toAddress;

    public String subject;

    public String preview;

    @Column(name = "received_at")
    public Instant receivedAt;

    @Column(name = "thread_id")
    public String threadId;

    @Column(name = "has_attachments")
    public boolean hasAttachments;

    /** The plain text; lists select a bounded beginning of it, never the whole. */
    @Column(name = "body")
    public String text;
}
