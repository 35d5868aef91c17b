package dev.inboxes.persistence.account;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;

/** Accounts in PostgreSQL: the Panache repository of {@link AccountEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresAccountStore implements AccountStore, PanacheRepositoryBase<AccountEntity, String> {

    /** The account and its first key in one transaction: no account is ever left without a key. */
    @Override
    @Transactional
    public void insert(String accountId, Instant createdAt, StoredApiKey firstKey) {
        AccountEntity account = new AccountEntity();
        account.id = accountId;
        account.createdAt = createdAt;
        persist(account);
        getEntityManager().persist(ApiKeyEntity.of(accountId, firstKey));
    }
}
