package dev.inboxes.persistence.account;

import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.persistence.shared.AccountOwnedRow;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.time.Instant;

/** An API key: the SHA-256 of its secret, never the secret. */
@Entity
@Table(name = "api_keys")
public class ApiKeyEntity extends AccountOwnedRow {

    @Column(name = "key_hash", nullable = false)
    public String keyHash;

    @Column(nullable = false)
    public String prefix;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;

    static ApiKeyEntity of(String accountId, StoredApiKey key) {
        ApiKeyEntity entity = new ApiKeyEntity();
        entity.own(key.id(), accountId, key.createdAt());
        entity.keyHash = key.hash();
        entity.prefix = key.prefix();
        return entity;
    }
}
