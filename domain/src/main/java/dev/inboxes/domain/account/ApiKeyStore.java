package dev.inboxes.domain.account;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.time.Instant;
import java.util.Optional;

/** Port: where API keys live. A revoked key is gone at once, for every caller of {@link #findOwner}. */
public interface ApiKeyStore {

    /**
     * Stores another key of the account.
     *
     * @throws TooManyApiKeysException when the account already holds {@code maxPerAccount} keys
     */
    void insert(String accountId, StoredApiKey key, int maxPerAccount);

    /** The key with this secret's hash and its account; empty for an unknown or deleted key. */
    Optional<KeyOwner> findOwner(String apiKeyHash);

    /** Records that the key authenticated a request at {@code at}. */
    void recordUse(String keyId, Instant at);

    /**
     * Deletes the key, if it belongs to the account.
     *
     * @return whether a key was deleted
     * @throws LastApiKeyException when it is the account's only key (nothing is deleted)
     */
    boolean delete(String accountId, String keyId);

    /** One keyset slice of the account's keys, newest first; see {@code KeysetSource}. */
    Slice<ApiKey> page(String accountId, Keyset after, int fetchSize, boolean withTotal);
}
