package dev.inboxes.domain.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeyTest {

    private static final CreateInbox REQUEST = CreateInbox.of("john", "John");

    private static InvalidArgumentException refused(String key) {
        InvalidArgumentException e =
                catchThrowableOfType(InvalidArgumentException.class, () -> IdempotencyKey.of(key, REQUEST));
        assertThat(e).as("Idempotency-Key %s must be refused", key).isNotNull();
        assertThat(e.argument()).isEqualTo("Idempotency-Key");
        return e;
    }

    @Test
    void noKeyMeansNoIdempotency() {
        assertThat(IdempotencyKey.of(null, REQUEST)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "3f1c2b9e-4d7a-4c3f-9e0b-1d2a6f1c2b9e", "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"})
    void visibleAsciiKeysAreAcceptedAsSent(String key) {
        assertThat(IdempotencyKey.of(key, REQUEST).key()).isEqualTo(key);
    }

    @Test
    void aKeyOf255CharactersIsAccepted() {
        assertThat(IdempotencyKey.of("k".repeat(255), REQUEST).key()).hasSize(255);
    }

    @Test
    void anEmptyKeyIsRefused() {
        refused("");
    }

    @Test
    void aKeyOf256CharactersIsRefused() {
        refused("k".repeat(256));
    }

    @ParameterizedTest
    @ValueSource(strings = {" ", "a b", " key", "key ", "tab\tkey", "line\nkey", "nul\u0000", "del\u007f", "clé",
            "\u00a0nbsp", "\uD83D\uDD11"})
    void keysWithSpacesControlOrNonAsciiCharactersAreRefused(String key) {
        refused(key);
    }

    @Test
    void theMessageSaysWhatAGoodKeyLooksLike() {
        assertThat(refused("a b")).hasMessageContaining("1 to 255 visible ASCII characters")
                .hasMessageContaining("UUID");
    }

    @Test
    void theKeyCarriesTheFingerprintOfItsRequest() {
        assertThat(IdempotencyKey.of("k", REQUEST).requestFingerprint()).isEqualTo(REQUEST.fingerprint());
    }

    @Test
    void theSameKeyWithAnotherRequestCarriesAnotherFingerprint() {
        assertThat(IdempotencyKey.of("k", REQUEST))
                .isNotEqualTo(IdempotencyKey.of("k", CreateInbox.of("jane", "John")));
    }
}
