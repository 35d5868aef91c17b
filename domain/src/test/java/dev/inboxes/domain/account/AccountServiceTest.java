package dev.inboxes.domain.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class AccountServiceTest {

    private static final Instant NOW_WITH_NANOS = Instant.parse("2026-11-29T21:48:33.123456789Z");

    /** In-memory {@link AccountStore} that records everything it is given. */
    static final class FakeAccountStore implements AccountStore {

        record Inserted(String accountId, String apiKeyHash, Instant createdAt) {
        }

        final List<Inserted> inserted = new ArrayList<>();
        final List<String> lookedUpHashes = new ArrayList<>();
        final Map<String, String> accountIdByHash = new HashMap<>();

        @Override
        public void insert(String accountId, String apiKeyHash, Instant createdAt) {
            inserted.add(new Inserted(accountId, apiKeyHash, createdAt));
            accountIdByHash.put(apiKeyHash, accountId);
        }

        @Override
        public Optional<String> findAccountIdByApiKeyHash(String apiKeyHash) {
            lookedUpHashes.add(apiKeyHash);
            return Optional.ofNullable(accountIdByHash.get(apiKeyHash));
        }
    }

    private final FakeAccountStore store = new FakeAccountStore();
    private final AccountService service = new AccountService(store, Clock.fixed(NOW_WITH_NANOS, ZoneOffset.UTC));

    private static String sha256Hex(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Nested
    class Create {

        @Test
        void theApiKeyIsSkFollowedBy40Base62Characters() {
            assertThat(service.create().apiKey()).matches("sk_[0-9A-Za-z]{40}");
        }

        @Test
        void theAccountIdIsAccFollowedBy20Base62Characters() {
            assertThat(service.create().id()).matches("acc_[0-9A-Za-z]{20}");
        }

        @Test
        void everyAccountGetsItsOwnIdAndKey() {
            Set<String> ids = new HashSet<>();
            Set<String> keys = new HashSet<>();
            for (int i = 0; i < 200; i++) {
                NewAccount account = service.create();
                ids.add(account.id());
                keys.add(account.apiKey());
            }

            assertThat(ids).hasSize(200);
            assertThat(keys).hasSize(200);
        }

        @Test
        void onlyTheSha256OfTheKeyReachesTheStore() throws Exception {
            NewAccount account = service.create();

            assertThat(store.inserted).singleElement().satisfies(row -> {
                assertThat(row.accountId()).isEqualTo(account.id());
                assertThat(row.apiKeyHash()).isEqualTo(sha256Hex(account.apiKey()));
                assertThat(row.apiKeyHash()).doesNotContain(account.apiKey().substring(3));
            });
        }

        @Test
        void createdAtIsTheClockTruncatedToMicroseconds() {
            service.create();

            assertThat(store.inserted.get(0).createdAt()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
        }

        @Test
        void theHashIsLowerCaseHexOfSha256() throws Exception {
            assertThat(ApiKeys.hash("sk_test")).isEqualTo(sha256Hex("sk_test")).matches("[0-9a-f]{64}");
        }
    }

    @Nested
    class Authenticate {

        @Test
        void theRightKeyResolvesToItsAccount() {
            NewAccount account = service.create();

            assertThat(service.authenticate(account.apiKey())).contains(account.id());
        }

        @Test
        void eachKeyResolvesToItsOwnAccount() {
            NewAccount first = service.create();
            NewAccount second = service.create();

            assertThat(service.authenticate(first.apiKey())).contains(first.id());
            assertThat(service.authenticate(second.apiKey())).contains(second.id());
        }

        @Test
        void theStoreIsAskedByHashNotByKey() throws Exception {
            NewAccount account = service.create();

            service.authenticate(account.apiKey());

            assertThat(store.lookedUpHashes).containsExactly(sha256Hex(account.apiKey()));
        }

        @Test
        void aWrongKeyOfTheRightShapeIsEmpty() {
            service.create();

            assertThat(service.authenticate("sk_" + "A".repeat(40))).isEmpty();
        }

        @Test
        void aKeyDifferingInOneCharacterIsEmpty() {
            String key = service.create().apiKey();
            char last = key.charAt(key.length() - 1);
            String altered = key.substring(0, key.length() - 1) + (last == 'a' ? 'b' : 'a');

            assertThat(service.authenticate(altered)).isEmpty();
        }

        @Test
        void aKeyInAnotherCaseIsEmpty() {
            String key = service.create().apiKey();
            String swapped = "sk_" + key.substring(3).chars()
                    .map(c -> Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c))
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append);
            assertThat(swapped).isNotEqualTo(key);

            assertThat(service.authenticate(swapped)).isEmpty();
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {"garbage", "sk_", "sk_short", "Bearer sk_0123456789012345678901234567890123456789",
                "sk_01234567890123456789012345678901234567890", "sk_012345678901234567890123456789012345678",
                "pk_0123456789012345678901234567890123456789", "SK_0123456789012345678901234567890123456789",
                "0123456789012345678901234567890123456789sk_"})
        void garbageIsEmptyWithoutAskingTheStore(String garbage) {
            service.create();

            assertThat(service.authenticate(garbage)).isEmpty();
            assertThat(store.lookedUpHashes).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"sk_!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", "sk_                                        ",
                "sk_0123456789-123456789_123456789.123456789"})
        void garbageOfTheRightLengthIsEmptyWithoutAskingTheStore(String garbage) {
            assertThat(garbage).hasSize(43);

            assertThat(service.authenticate(garbage)).isEmpty();
            assertThat(store.lookedUpHashes)
                    .as("BUG: '%s' cannot be an API key (not base62) but reaches the store, because "
                            + "ApiKeys.hasShape checks only the prefix and the length, not the alphabet", garbage)
                    .isEmpty();
        }
    }
}
