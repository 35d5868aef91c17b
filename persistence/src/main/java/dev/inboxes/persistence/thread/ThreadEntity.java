package dev.inboxes.persistence.thread;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.Immutable;

/**
 * The threads list's columns. Rows are written in plain SQL with every delivery ({@link ThreadKeeper}) and by the
 * database when messages are deleted; Hibernate only reads them.
 */
@Entity
@Immutable
@Table(name = "threads")
public class ThreadEntity {

    @Id
    public String id;

    @Column(name = "inbox_id")
    public String inboxId;

    public String subject;

    public String[] participants;

    @Column(name = "message_count")
    public long messageCount;

    @Column(name = "last_message_at")
    public Instant lastMessageAt;

    public String snippet;

    @Column(name = "activity_seq")
    public long activitySeq;
}
