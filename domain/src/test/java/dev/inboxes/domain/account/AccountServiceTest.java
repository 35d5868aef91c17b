package dev.inboxes.domain.account;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.testing.InMemoryAccounts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class AccountServiceTest {

    private static final Instant NOW_WITH_NANOS = Instant.parse("2026-11-29T21:48:33.123456789Z");
    private static final CursorCodec CURSORS = new CursorCodec(CursorKeys.of("a-test-secret-of-at-least-32-characters", List.of()));

    /** The in-memory stores, recording what the account store is given and which hashes are looked up. */
    static final class RecordingAccounts extends InMemoryAccounts {

        record Inserted(String accountId, Instant createdAt, StoredApiKey firstKey) {
        }

        final List<Inserted> inserted = new ArrayList<>();
        final List<String> lookedUpHashes = new ArrayList<>();

        @Override
        public synchronized void insert(String accountId, Instant createdAt, StoredApiKey firstKey) {
            inserted.add(new Inserted(accountId, createdAt, firstKey));
            super.insert(accountId, createdAt, firstKey);
        }

        @Override
        public synchronized Optional<KeyOwner> findOwner(String apiKeyHash) {
            lookedUpHashes.add(apiKeyHash);
            return super.findOwner(apiKeyHash);
        }
    }

    private final RecordingAccounts store = new RecordingAccounts();
    private final Clock clock = Clock.fixed(NOW_WITH_NANOS, ZoneOffset.UTC);
    private final AccountService service = new AccountService(store, clock);
    private final ApiKeyService keys = new ApiKeyService(store, CURSORS, clock);

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
                assertThat(row.firstKey().hash()).isEqualTo(sha256Hex(account.apiKey()));
                assertThat(row.firstKey().hash()).doesNotContain(account.apiKey().substring(3));
                assertThat(row.firstKey().prefix()).isEqualTo(account.apiKey().substring(0, ApiKeys.PREFIX_LENGTH));
                assertThat(row.firstKey().id()).matches("key_[0-9A-Za-z]{20}");
            });
        }

        @Test
        void createdAtIsTheClockTruncatedToMicroseconds() {
            service.create();

            assertThat(store.inserted.get(0).createdAt()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
            assertThat(store.inserted.get(0).firstKey().createdAt()).isEqualTo(store.inserted.get(0).createdAt());
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

            assertThat(keys.authenticate(account.apiKey())).contains(account.id());
        }

        @Test
        void eachKeyResolvesToItsOwnAccount() {
            NewAccount first = service.create();
            NewAccount second = service.create();

            assertThat(keys.authenticate(first.apiKey())).contains(first.id());
            assertThat(keys.authenticate(second.apiKey())).contains(second.id());
        }

        @Test
        void theStoreIsAskedByHashNotByKey() throws Exception {
            NewAccount account = service.create();

            keys.authenticate(account.apiKey());

            assertThat(store.lookedUpHashes).containsExactly(sha256Hex(account.apiKey()));
        }

        @Test
        void aWrongKeyOfTheRightShapeIsEmpty() {
            service.create();

            assertThat(keys.authenticate("sk_" + "A".repeat(40))).isEmpty();
        }

        @Test
        void aKeyDifferingInOneCharacterIsEmpty() {
            String key = service.create().apiKey();
            char last = key.charAt(key.length() - 1);
            String altered = key.substring(0, key.length() - 1) + (last == 'a' ? 'b' : 'a');

            assertThat(keys.authenticate(altered)).isEmpty();
        }

        @Test
        void aKeyInAnotherCaseIsEmpty() {
            String key = service.create().apiKey();
            String swapped = "sk_" + key.substring(3).chars()
                    .map(c -> Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c))
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append);
            assertThat(swapped).isNotEqualTo(key);

            assertThat(keys.authenticate(swapped)).isEmpty();
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = {"garbage", "sk_", "sk_short", "Bearer sk_0123456789012345678901234567890123456789",
                "sk_01234567890123456789012345678901234567890", "sk_012345678901234567890123456789012345678",
                "pk_0123456789012345678901234567890123456789", "SK_0123456789012345678901234567890123456789",
                "0123456789012345678901234567890123456789sk_"})
        void garbageIsEmptyWithoutAskingTheStore(String garbage) {
            service.create();

            assertThat(keys.authenticate(garbage)).isEmpty();
            assertThat(store.lookedUpHashes).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(strings = {"sk_!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!", "sk_                                        ",
                "sk_0123456789-123456789_123456789.123456789"})
        void garbageOfTheRightLengthIsEmptyWithoutAskingTheStore(String garbage) {
            assertThat(garbage).hasSize(43);

            assertThat(keys.authenticate(garbage)).isEmpty();
            assertThat(store.lookedUpHashes)
                    .as("BUG: '%s' cannot be an API key (not base62) but reaches the store, because "
                            + "ApiKeys.hasShape checks only the prefix and the length, not the alphabet", garbage)
                    .isEmpty();
        }
    }
}
