package dev.inboxes.persistence.shared;

import jakarta.persistence.Column;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** A row that belongs to one account, which every query of it names. */
@MappedSuperclass
public abstract class AccountOwnedRow extends CreatedRow {

    @Column(name = "account_id", nullable = false)
    public String accountId;

    /** Fills the columns every account's row has; the subclass fills its own. */
    protected void own(String id, String accountId, Instant createdAt) {
        this.id = id;
        this.accountId = accountId;
        this.createdAt = createdAt;
    }
}
