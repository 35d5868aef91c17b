package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.account.KeyOwner;
import dev.inboxes.domain.account.LastApiKeyException;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.domain.account.TooManyApiKeysException;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ApiKeyStore} (with its {@link AccountStore}) does, run against the in-memory stores of the
 * domain tests and the PostgreSQL stores of the persistence tests.
 */
public abstract class ApiKeyStoreContract extends StoreContract {

    /** A microsecond instant, as stored. */
    protected static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    protected static StoredApiKey key(Instant createdAt) {
        String hash = RandomIds.base62(64);
        return new StoredApiKey(RandomIds.newId(ApiKey.ID_PREFIX), hash, "sk_" + hash.substring(0, 5), createdAt);
    }

    /** A new account with this first key. */
    private String account(StoredApiKey first) {
        String id = RandomIds.newId(AccountService.ID_PREFIX);
        accounts().insert(id, first.createdAt(), first);
        return id;
    }

    private List<ApiKey> all(String accountId) {
        return apiKeys().page(accountId, null, 1_000, false).rows();
    }

    @Test
    void anAccountsFirstKeyFindsItsAccount() {
        StoredApiKey first = key(T0);
        String account = account(first);

        assertThat(apiKeys().findOwner(first.hash())).contains(new KeyOwner(first.id(), account));
        assertThat(apiKeys().findOwner(RandomIds.base62(64))).isEmpty();
        assertThat(all(account)).containsExactly(new ApiKey(first.id(), first.prefix(), T0, null));
    }

    @Test
    void keysAreListedNewestFirstWithTheirLastUseAndNeverTheHash() {
        String account = account(key(T0));
        StoredApiKey second = key(T0.plusSeconds(1));
        apiKeys().insert(account, second, 10);
        Instant used = T0.plusSeconds(30);
        apiKeys().recordUse(second.id(), used);
        account(key(T0.plusSeconds(2))); // another account's key is not listed

        List<ApiKey> keys = all(account);

        assertThat(keys).hasSize(2);
        assertThat(keys.get(0)).isEqualTo(new ApiKey(second.id(), second.prefix(), second.createdAt(), used));
        assertThat(keys.get(1).lastUsedAt()).isNull();
    }

    @Test
    void pagesContinueStrictlyAfterTheKeysetWithTheTotalOnRequest() {
        String account = account(key(T0));
        for (int i = 1; i < 5; i++) {
            apiKeys().insert(account, key(T0.plus(i % 2, ChronoUnit.MICROS)), 10);
        }
        List<ApiKey> inOrder = new ArrayList<>(all(account));
        assertThat(inOrder).isSortedAccordingTo(ListOrder.rows());

        Slice<ApiKey> slice = apiKeys().page(account, inOrder.get(1).keyset(), 2, true);

        assertThat(slice.rows()).containsExactlyElementsOf(inOrder.subList(2, 4));
        assertThat(slice.total()).hasValue(5);
    }

    @Test
    void anAccountHoldsAtMostTheGivenNumberOfKeys() {
        String account = account(key(T0));
        apiKeys().insert(account, key(T0.plusSeconds(1)), 3);
        apiKeys().insert(account, key(T0.plusSeconds(2)), 3);
        StoredApiKey fourth = key(T0.plusSeconds(3));

        assertThatThrownBy(() -> apiKeys().insert(account, fourth, 3)).isInstanceOf(TooManyApiKeysException.class);
        assertThat(all(account)).hasSize(3);
        assertThat(apiKeys().findOwner(fourth.hash())).isEmpty();
    }

    @Test
    void aDeletedKeyIsGoneButTheLastKeyIsKept() {
        StoredApiKey first = key(T0);
        String account = account(first);
        StoredApiKey second = key(T0.plusSeconds(1));
        apiKeys().insert(account, second, 10);
        String stranger = account(key(T0));

        assertThat(apiKeys().delete(stranger, second.id())).as("another account's key").isFalse();
        assertThat(apiKeys().delete(account, second.id())).isTrue();
        assertThat(apiKeys().delete(account, second.id())).isFalse();
        assertThat(apiKeys().findOwner(second.hash())).isEmpty();
        assertThatThrownBy(() -> apiKeys().delete(account, first.id())).isInstanceOf(LastApiKeyException.class);
        assertThat(apiKeys().findOwner(first.hash())).contains(new KeyOwner(first.id(), account));
    }
}
