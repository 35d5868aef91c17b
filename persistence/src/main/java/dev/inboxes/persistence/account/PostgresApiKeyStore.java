package dev.inboxes.persistence.account;

import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.account.KeyOwner;
import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.notify.PostgresNotifications;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.cache.CacheResult;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** API keys in PostgreSQL: the Panache repository of {@link ApiKeyEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresApiKeyStore implements ApiKeyStore, PanacheRepositoryBase<ApiKeyEntity, String> {

    public static final String API_KEYS_CACHE = "api-keys";
    private static final String ROW = "new " + ApiKey.class.getName() + "(e.id, e.prefix, e.createdAt, e.lastUsedAt)";
    /** An exact total: an account holds at most a hundred keys. */
    private static final String COUNTER = "select count(k) from ApiKeyEntity k where k.accountId = :accountId";

    @Inject
    KeysetReader keysetReader;

    @Inject
    ApiKeyRevocations revocations;

    @Inject
    TransactionSynchronizationRegistry transactions;

    @Override
    @Transactional
    public void insert(String accountId, StoredApiKey key, int maxPerAccount) {
        lockKeysOf(accountId);
        if (count("accountId", accountId) >= maxPerAccount) {
            throw new TooManyApiKeysException();
        }
        persist(ApiKeyEntity.of(accountId, key));
        afterCommit(() -> revocations.evict(key.hash())); // in case a lookup of this hash was cached as unknown
    }

    /**
     * Every request authenticates, so the answer is cached (see {@code quarkus.cache.caffeine.api-keys}): a round
     * trip saved per request. A deleted key is evicted on every replica ({@link ApiKeyRevocations}).
     */
    @Override
    @Transactional
    @CacheResult(cacheName = API_KEYS_CACHE)
    public Optional<KeyOwner> findOwner(String apiKeyHash) {
        return getEntityManager()
                .createQuery("select k.id, k.accountId from ApiKeyEntity k where k.keyHash = :hash", Object[].class)
                .setParameter("hash", apiKeyHash)
                .getResultStream()
                .findFirst()
                .map(row -> new KeyOwner((String) row[0], (String) row[1]));
    }

    @Override
    @Transactional
    public void recordUse(String keyId, Instant at) {
        update("lastUsedAt = ?1 where id = ?2 and (lastUsedAt is null or lastUsedAt < ?1)", at, keyId);
    }

    /** Announced to every replica in the same transaction, and evicted here at once after the commit. */
    @Override
    @Transactional
    public boolean delete(String accountId, String keyId) {
        lockKeysOf(accountId);
        ApiKeyEntity key = find("id = ?1 and accountId = ?2", keyId, accountId).firstResult();
        if (key == null) {
            return false;
        }
        if (count("accountId", accountId) == 1) {
            throw new LastApiKeyException();
        }
        delete(key);
        PostgresNotifications.send(getEntityManager(), ApiKeyRevocations.CHANNEL, key.keyHash);
        afterCommit(() -> revocations.evict(key.keyHash));
        return true;
    }

    @Override
    public Slice<ApiKey> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("api-keys", "ApiKeyEntity", ROW, alias -> alias + ".accountId = :accountId",
                Map.of("accountId", accountId), "createdAt", COUNTER);
        return keysetReader.read(query, ApiKey.class, after, fetchSize, withTotal);
    }

    /**
     * Serializes key changes of one account until the transaction ends, so counting its keys and changing them
     * is one step (two concurrent deletes cannot remove the last two keys). An advisory lock, not a row lock on the
     * account, which inbox creates update.
     */
    private void lockKeysOf(String accountId) {
        getEntityManager().createNativeQuery("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))) locked")
                .setParameter(1, "api-keys:" + accountId)
                .getSingleResult();
    }

    private void afterCommit(Runnable action) {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    action.run();
                }
            }
        });
    }
}
