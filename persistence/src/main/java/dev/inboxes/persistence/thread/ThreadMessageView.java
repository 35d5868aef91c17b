package dev.inboxes.persistence.thread;

import dev.inboxes.persistence.message.MessageListRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import org.hibernate.annotations.Immutable;

/**
 * Messages as a thread's list reads them: the list columns, the thread, and the text (of which a query selects only
 * the beginning). Read-only: messages are written by the message store.
 */
@Entity
@Immutable
@Table(name = "messages")
public class ThreadMessageView extends MessageListRow {

    /** The plain text; lists select a bounded beginning of it, never the whole. */
    @Column(name = "body")
    public String text;
}
