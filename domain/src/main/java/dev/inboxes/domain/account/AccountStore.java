package dev.inboxes.domain.account;

import java.time.Instant;
import java.util.Optional;

/** Port: where accounts live. */
public interface AccountStore {

    void insert(String accountId, String apiKeyHash, Instant createdAt);

    Optional<String> findAccountIdByApiKeyHash(String apiKeyHash);
}
