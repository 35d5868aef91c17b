package dev.inboxes.persistence.account;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** An API key: the SHA-256 of its secret, never the secret. */
@Entity
@Table(name = "api_keys")
public class ApiKeyEntity {

    @Id
    public String id;

    @Column(name = "account_id", nullable = false)
    public String accountId;

    @Column(name = "key_hash", nullable = false)
    public String keyHash;

    @Column(nullable = false)
    public String prefix;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;
}
