package dev.inboxes.domain.account;

import java.time.Instant;

/** Port: where accounts live. */
public interface AccountStore {

    /** Stores a new account together with its first API key: an account never exists without a key. */
    void insert(String accountId, Instant createdAt, StoredApiKey firstKey);
}
