package dev.inboxes.persistence.testing;

import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Instant;

/** Accounts written straight through the store, for the tests that need an owner for their rows and no caller. */
public final class TestAccounts {

    private TestAccounts() {
    }

    /** A new account created at {@code at}, with one key whose secret no test knows; its id. */
    public static String insert(AccountStore accounts, Instant at) {
        String id = RandomIds.newId(AccountService.ID_PREFIX);
        accounts.insert(id, at, new StoredApiKey(RandomIds.newId(ApiKey.ID_PREFIX), RandomIds.base62(64), "sk_", at));
        return id;
    }
}
