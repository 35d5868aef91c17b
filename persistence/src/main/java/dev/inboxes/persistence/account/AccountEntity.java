package dev.inboxes.persistence.account;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "accounts")
public class AccountEntity {

    @Id
    public String id;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** Kept by a database trigger with every insert and delete of an inbox; read-only here. */
    @Column(name = "inbox_count", insertable = false, updatable = false)
    public long inboxCount;
}
