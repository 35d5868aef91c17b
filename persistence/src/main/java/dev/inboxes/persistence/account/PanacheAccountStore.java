package dev.inboxes.persistence.account;

import dev.inboxes.domain.account.AccountStore;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;

@ApplicationScoped
public class PanacheAccountStore implements AccountStore, PanacheRepositoryBase<AccountEntity, String> {

    @Override
    @Transactional
    public void insert(String accountId, String apiKeyHash, Instant createdAt) {
        AccountEntity account = new AccountEntity();
        account.id = accountId;
        account.apiKeyHash = apiKeyHash;
        account.createdAt = createdAt;
        persist(account);
    }

    @Override
    @Transactional
    public Optional<String> findAccountIdByApiKeyHash(String apiKeyHash) {
        return getEntityManager()
                .createQuery("select a.id from AccountEntity a where a.apiKeyHash = :hash", String.class)
                .setParameter("hash", apiKeyHash)
                .getResultStream()
                .findFirst();
    }
}
