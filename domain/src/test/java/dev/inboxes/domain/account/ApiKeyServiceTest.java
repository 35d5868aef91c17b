package dev.inboxes.domain.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemoryAccounts;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeyServiceTest {

    private static final CursorCodec CURSORS = new CursorCodec(CursorKeys.of("a-test-secret-of-at-least-32-characters", List.of()));

    /** A clock the test moves. */
    static final class TestClock extends Clock {

        Instant now = Instant.parse("2026-11-29T21:48:33.123456789Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    /** Counts the writes of last_used_at. */
    static final class CountingAccounts extends InMemoryAccounts {

        final List<Instant> recordedUses = new ArrayList<>();

        @Override
        public synchronized void recordUse(String keyId, Instant at) {
            recordedUses.add(at);
            super.recordUse(keyId, at);
        }
    }

    private final TestClock clock = new TestClock();
    private final CountingAccounts store = new CountingAccounts();
    private final AccountService accounts = new AccountService(store, clock);
    private final ApiKeyService keys = new ApiKeyService(store, CURSORS, clock);

    private String accountIdOf(NewAccount account) {
        return keys.authenticate(account.apiKey()).orElseThrow();
    }

    @Test
    void aNewKeyWorksNextToTheFirstAndIsListedWithoutItsSecret() {
        NewAccount account = accounts.create();
        String accountId = accountIdOf(account);

        NewApiKey second = keys.create(accountId);

        assertThat(second.id()).matches("key_[0-9A-Za-z]{20}");
        assertThat(second.apiKey()).matches("sk_[0-9A-Za-z]{40}").isNotEqualTo(account.apiKey());
        assertThat(second.createdAt()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
        assertThat(second.toString()).doesNotContain(second.apiKey());
        assertThat(keys.authenticate(second.apiKey())).contains(accountId);
        assertThat(keys.authenticate(account.apiKey())).contains(accountId);
        Page<ApiKey> page = keys.list(accountId, PageRequest.of(null, null, PageLimits.PROGRAMS));
        assertThat(page.total()).hasValue(2);
        assertThat(page.items()).extracting(ApiKey::prefix).contains(second.apiKey().substring(0, ApiKeys.PREFIX_LENGTH));
        assertThat(page.items().toString()).doesNotContain(second.apiKey());
    }

    @Test
    void aDeletedKeyStopsWorkingAndTheLastOneCannotBeDeleted() {
        NewAccount account = accounts.create();
        String accountId = accountIdOf(account);
        NewApiKey second = keys.create(accountId);
        String firstId = keys.list(accountId, PageRequest.of(null, null, PageLimits.PROGRAMS)).items().stream()
                .map(ApiKey::id).filter(id -> !id.equals(second.id())).findFirst().orElseThrow();

        keys.delete(accountId, firstId);

        assertThat(keys.authenticate(account.apiKey())).isEmpty();
        assertThat(keys.authenticate(second.apiKey())).contains(accountId);
        assertThatThrownBy(() -> keys.delete(accountId, second.id())).isInstanceOf(LastApiKeyException.class)
                .hasMessageContaining("Create another key first");
        assertThat(keys.authenticate(second.apiKey())).contains(accountId);
    }

    @Test
    void anotherAccountsKeyIsNotFound() {
        String owner = accountIdOf(accounts.create());
        NewApiKey key = keys.create(owner);
        String stranger = accountIdOf(accounts.create());

        assertThatThrownBy(() -> keys.delete(stranger, key.id())).isInstanceOf(NotFoundException.class)
                .hasMessageContaining("No API key with id '" + key.id() + "'");
        assertThat(keys.authenticate(key.apiKey())).contains(owner);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "key_", "key_short", "inb_00000000000000000000", "key_0000000000000000000\u0000",
            "key_000000000000000000000"})
    void idsOfTheWrongShapeAreNotFoundWithoutAskingTheStore(String keyId) {
        String accountId = accountIdOf(accounts.create());

        assertThatThrownBy(() -> keys.delete(accountId, keyId)).isInstanceOf(NotFoundException.class);
    }

    @Test
    void anAccountHoldsAtMostOneHundredKeys() {
        String accountId = accountIdOf(accounts.create());
        for (int i = 1; i < ApiKeys.MAX_PER_ACCOUNT; i++) {
            keys.create(accountId);
        }

        assertThatThrownBy(() -> keys.create(accountId)).isInstanceOf(TooManyApiKeysException.class)
                .hasMessageContaining("100");
    }

    @Test
    void useIsRecordedAtMostOnceAMinutePerKey() {
        NewAccount account = accounts.create();
        String accountId = accountIdOf(account);
        assertThat(store.recordedUses).hasSize(1);

        for (int i = 0; i < 50; i++) {
            keys.authenticate(account.apiKey());
        }
        clock.now = clock.now.plus(ApiKeyService.LAST_USED_PRECISION).minusMillis(1);
        keys.authenticate(account.apiKey());
        assertThat(store.recordedUses).as("within the minute: no write").hasSize(1);

        clock.now = clock.now.plus(Duration.ofMillis(2));
        keys.authenticate(account.apiKey());
        assertThat(store.recordedUses).hasSize(2);
        assertThat(keys.list(accountId, PageRequest.of(null, null, PageLimits.PROGRAMS)).items().get(0).lastUsedAt())
                .isEqualTo(store.recordedUses.get(1));
    }
}
