package dev.inboxes.persistence.account;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.cache.CacheResult;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;

/** Accounts in PostgreSQL: the Panache repository of {@link AccountEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresAccountStore implements AccountStore, PanacheRepositoryBase<AccountEntity, String> {

    public static final String API_KEYS_CACHE = "api-keys";

    @Override
    @Transactional
    public void insert(String accountId, String apiKeyHash, Instant createdAt) {
        AccountEntity account = new AccountEntity();
        account.id = accountId;
        account.apiKeyHash = apiKeyHash;
        account.createdAt = createdAt;
        persist(account);
    }

    /**
     * Every request authenticates, so the answer is cached (see {@code quarkus.cache.caffeine.api-keys}):
     * a round trip saved per request. Keys are never revoked today; a revocation would evict the entry.
     */
    @Override
    @Transactional
    @CacheResult(cacheName = API_KEYS_CACHE)
    public Optional<String> findAccountIdByApiKeyHash(String apiKeyHash) {
        return getEntityManager()
                .createQuery("select a.id from AccountEntity a where a.apiKeyHash = :hash", String.class)
                .setParameter("hash", apiKeyHash)
                .getResultStream()
                .findFirst();
    }
}
