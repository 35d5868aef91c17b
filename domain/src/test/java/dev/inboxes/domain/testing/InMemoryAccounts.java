package dev.inboxes.domain.testing;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.account.KeyOwner;
import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory {@link AccountStore} and {@link ApiKeyStore}: what the PostgreSQL stores do, in a few lines, for
 * domain tests. {@link ApiKeyStoreContract} holds both to the same behaviour.
 */
public class InMemoryAccounts implements AccountStore, ApiKeyStore {

    private record Key(String accountId, StoredApiKey stored, Instant lastUsedAt) {

        ApiKey row() {
            return new ApiKey(stored.id(), stored.prefix(), stored.createdAt(), lastUsedAt);
        }
    }

    private final Set<String> accounts = ConcurrentHashMap.newKeySet();
    private final Map<String, Key> keys = new LinkedHashMap<>();

    @Override
    public synchronized void insert(String accountId, Instant createdAt, StoredApiKey firstKey) {
        if (!accounts.add(accountId)) {
            throw new IllegalStateException("account " + accountId + " exists");
        }
        keys.put(firstKey.id(), new Key(accountId, firstKey, null));
    }

    @Override
    public synchronized void insert(String accountId, StoredApiKey key, int maxPerAccount) {
        if (!accounts.contains(accountId)) {
            throw new IllegalStateException("no account " + accountId);
        }
        if (keysOf(accountId).size() >= maxPerAccount) {
            throw new TooManyApiKeysException();
        }
        keys.put(key.id(), new Key(accountId, key, null));
    }

    @Override
    public synchronized Optional<KeyOwner> findOwner(String apiKeyHash) {
        return keys.values().stream().filter(key -> key.stored().hash().equals(apiKeyHash)).findFirst()
                .map(key -> new KeyOwner(key.stored().id(), key.accountId()));
    }

    @Override
    public synchronized void recordUse(String keyId, Instant at) {
        keys.computeIfPresent(keyId, (id, key) -> new Key(key.accountId(), key.stored(), at));
    }

    @Override
    public synchronized boolean delete(String accountId, String keyId) {
        Key key = keys.get(keyId);
        if (key == null || !key.accountId().equals(accountId)) {
            return false;
        }
        if (keysOf(accountId).size() == 1) {
            throw new LastApiKeyException();
        }
        keys.remove(keyId);
        return true;
    }

    @Override
    public synchronized Slice<ApiKey> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        return new ListKeysetSource<>(keysOf(accountId)).fetch(after, fetchSize, withTotal);
    }

    private List<ApiKey> keysOf(String accountId) {
        return keys.values().stream().filter(key -> key.accountId().equals(accountId)).map(Key::row).toList();
    }
}
