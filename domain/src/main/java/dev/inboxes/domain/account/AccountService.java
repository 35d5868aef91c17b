package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;

/** Creates accounts, each with its first API key. */
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
        ApiKeys.Issued key = ApiKeys.issue(Timestamps.nowMicros(clock));
        store.insert(id, key.stored().createdAt(), key.stored());
        return new NewAccount(id, key.secret());
    }
}
