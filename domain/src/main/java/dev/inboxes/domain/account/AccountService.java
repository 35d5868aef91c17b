package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.util.Optional;

/** Creates accounts and resolves API keys to the account they belong to. */
public final class AccountService {

    public static final String ID_PREFIX = "acc_";

    private final AccountStore store;
    private final Clock clock;

    public AccountService(AccountStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    public NewAccount create() {
        String id = RandomIds.newId(ID_PREFIX);
        String apiKey = ApiKeys.generate();
        store.insert(id, ApiKeys.hash(apiKey), Timestamps.nowMicros(clock));
        return new NewAccount(id, apiKey);
    }

    /** The account id for a valid key; empty for anything else, without telling why. */
    public Optional<String> authenticate(String apiKey) {
        if (!ApiKeys.hasShape(apiKey)) {
            return Optional.empty();
        }
        return store.findAccountIdByApiKeyHash(ApiKeys.hash(apiKey));
    }
}
