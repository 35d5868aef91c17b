package dev.inboxes.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CursorKeysTest {

    private static final String SECRET_A = "cursor-secret-A-6f1c2b9e4d7a8c3f5e0b1d2a";
    private static final String SECRET_B = "cursor-secret-B-9a8b7c6d5e4f3a2b1c0d9e8f";

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 16, 31})
    void anActiveSecretShorterThan32CharactersIsRefused(int length) {
        assertThatThrownBy(() -> CursorKeys.of("s".repeat(length), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 32 characters");
    }

    @Test
    void aRetiredSecretShorterThan32CharactersIsRefused() {
        assertThatThrownBy(() -> CursorKeys.of(SECRET_A, List.of("s".repeat(31))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 32 characters");
    }

    @Test
    void aMissingActiveSecretIsRefused() {
        assertThatThrownBy(() -> CursorKeys.of(null, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSecretOfExactly32CharactersIsAccepted() {
        assertThatCode(() -> CursorKeys.of("s".repeat(32), List.of("r".repeat(32)))).doesNotThrowAnyException();
    }

    @Test
    void theKeyIdIsDerivedFromTheSecretSoIndependentlyConfiguredReplicasAgree() {
        CursorKeys one = CursorKeys.of(SECRET_A, List.of());
        CursorKeys other = CursorKeys.of(SECRET_B, List.of(SECRET_A));

        assertThat(other.find(one.active().id())).isPresent();
        assertThat(other.find(one.active().id()).orElseThrow().secret()).isEqualTo(one.active().secret());
    }

    @Test
    void differentSecretsHaveDifferentKeyIds() {
        assertThat(CursorKeys.of(SECRET_A, List.of()).active().id())
                .isNotEqualTo(CursorKeys.of(SECRET_B, List.of()).active().id());
    }

    @Test
    void aSecretThatIsNotConfiguredIsNotFound() {
        CursorKeys keys = CursorKeys.of(SECRET_A, List.of());

        assertThat(keys.find(CursorKeys.of(SECRET_B, List.of()).active().id())).isEmpty();
    }

    @Test
    void theActiveSecretMayAlsoBeListedAsRetired() {
        CursorKeys keys = CursorKeys.of(SECRET_A, List.of(SECRET_A, SECRET_B));

        assertThat(keys.find(keys.active().id())).contains(keys.active());
    }
}
