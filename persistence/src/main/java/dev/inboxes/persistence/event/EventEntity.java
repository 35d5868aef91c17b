package dev.inboxes.persistence.event;

import dev.inboxes.persistence.shared.AccountOwnedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** An event, as the list reads it; only the database's triggers write events (migration V14). */
@Entity
@Table(name = "events")
public class EventEntity extends AccountOwnedRow {

    @Column(nullable = false)
    public String type;

    @Column(name = "inbox_id")
    public String inboxId;

    /** {@code jsonb}, read as its text. */
    @Column(nullable = false, insertable = false, updatable = false)
    public String data;
}
