package dev.inboxes.persistence.message;

import jakarta.persistence.Basic;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * The columns lists read; the wide columns (body, html, raw) are written and read by {@link MessageContents} only.
 * {@code fromName} and {@code body} are mapped for the search condition alone ({@link MessageSearch}): read-only,
 * and never selected, since lists build their rows from the list columns.
 */
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

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;

    @Column(name = "thread_id", nullable = false)
    public String threadId;

    @Column(name = "has_attachments", nullable = false)
    public boolean hasAttachments;

    @Column(name = "from_name", insertable = false, updatable = false)
    public String fromName;

    @Basic(fetch = FetchType.LAZY)
    @Column(name = "body", insertable = false, updatable = false)
    public String body;
}
