package dev.inboxes.domain.account;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.StoreUnavailableException;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** An account's API keys: resolve a secret to its account, issue, list and revoke keys. */
public final class ApiKeyService {

    /** {@code last_used_at} is recorded at most this often per key, so authenticating writes nothing most times. */
    public static final Duration LAST_USED_PRECISION = Duration.ofMinutes(1);
    /** Past this many keys remembered, the memory of recent uses starts over (at worst, one extra write per key). */
    private static final int REMEMBERED_USES = 100_000;

    private final ApiKeyStore store;
    private final Pager pager;
    private final Clock clock;
    /** When this process last recorded each key's use. */
    private final Map<String, Instant> recordedUses = new ConcurrentHashMap<>();

    public ApiKeyService(ApiKeyStore store, CursorCodec cursors, Clock clock) {
        this.store = store;
        this.pager = new Pager(cursors);
        this.clock = clock;
    }

    /** The account id for a valid key; empty for anything else, without telling why. */
    public Optional<String> authenticate(String apiKey) {
        if (!ApiKeys.hasShape(apiKey)) {
            return Optional.empty();
        }
        Optional<KeyOwner> owner = store.findOwner(ApiKeys.hash(apiKey));
        owner.ifPresent(this::recordUse);
        return owner.map(KeyOwner::accountId);
    }

    /** Issues another key for the account; its secret is in the result only. */
    public NewApiKey create(String accountId) {
        ApiKeys.Issued key = ApiKeys.issue(Timestamps.nowMicros(clock));
        store.insert(accountId, key.stored(), ApiKeys.MAX_PER_ACCOUNT);
        return key.shown();
    }

    /**
     * Revokes a key: it stops working at once on every replica.
     *
     * @throws NotFoundException   when the account has no such key
     * @throws LastApiKeyException when it is the account's only key
     */
    public void delete(String accountId, String keyId) {
        if (!RandomIds.hasShape(ApiKey.ID_PREFIX, keyId) || !store.delete(accountId, keyId)) {
            throw notFound(keyId);
        }
        recordedUses.remove(keyId);
    }

    public Page<ApiKey> list(String accountId, PageRequest request) {
        return pager.page(request, new QueryScope("api-keys", accountId, ""),
                (after, fetchSize, withTotal) -> store.page(accountId, after, fetchSize, withTotal));
    }

    private void recordUse(KeyOwner owner) {
        Instant now = Timestamps.nowMicros(clock);
        Instant last = recordedUses.get(owner.keyId());
        if (last != null && last.plus(LAST_USED_PRECISION).isAfter(now)) {
            return;
        }
        if (recordedUses.size() >= REMEMBERED_USES) {
            recordedUses.clear();
        }
        recordedUses.put(owner.keyId(), now);
        try {
            store.recordUse(owner.keyId(), now);
        } catch (StoreUnavailableException e) {
            // Best effort: a request that authenticated from the cache is not refused for its bookkeeping.
            recordedUses.remove(owner.keyId());
        }
    }

    static NotFoundException notFound(String keyId) {
        return new NotFoundException("API key", keyId, "list the account's keys (GET /v1/api-keys) to find it");
    }
}
