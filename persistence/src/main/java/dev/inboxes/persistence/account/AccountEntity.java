package dev.inboxes.persistence.account;

import dev.inboxes.persistence.shared.CreatedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

@Entity
@Table(name = "accounts")
public class AccountEntity extends CreatedRow {

    /** Kept by a database trigger with every insert and delete of an inbox; read-only here. */
    @Column(name = "inbox_count", insertable = false, updatable = false)
    public long inboxCount;
}
