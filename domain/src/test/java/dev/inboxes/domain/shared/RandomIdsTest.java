package dev.inboxes.domain.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class RandomIdsTest {

    @Test
    void aNewIdIsThePrefixAnd20Base62Characters() {
        assertThat(RandomIds.newId("inb_")).matches("inb_[0-9A-Za-z]{20}");
    }

    @Test
    void aNewIdHasTheShapeOfAnIdWithItsPrefix() {
        assertThat(RandomIds.hasShape("acc_", RandomIds.newId("acc_"))).isTrue();
    }

    @Test
    void newIdsAreUnique() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(RandomIds.newId("inb_"));
        }
        assertThat(ids).hasSize(10_000);
    }

    @Test
    void newIdsUseTheWholeBase62Alphabet() {
        Set<Character> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            RandomIds.newId("").chars().forEach(c -> seen.add((char) c));
        }
        assertThat(seen).hasSize(62);
    }

    @Test
    void base62HasTheRequestedLengthAndAlphabet() {
        assertThat(RandomIds.base62(40)).matches("[0-9A-Za-z]{40}");
        assertThat(RandomIds.base62(0)).isEmpty();
    }

    @Test
    void lowercaseAlphanumericHasTheRequestedLengthAndAlphabet() {
        for (int i = 0; i < 200; i++) {
            assertThat(RandomIds.lowercaseAlphanumeric(12)).matches("[0-9a-z]{12}");
        }
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "inb_", "inb_0123456789012345678", "inb_012345678901234567890", "acc_01234567890123456789",
            "INB_01234567890123456789", "01234567890123456789inb_", "inb_0123456789-123456789", "inb_0123456789_123456789",
            "inb_012345678901234567 9", "inb_0123456789012345678é", "inb_0123456789012345678\u0000",
            "xinb_0123456789012345678"})
    void textThatIsNotAnInboxIdHasNoShape(String id) {
        assertThat(RandomIds.hasShape("inb_", id)).isFalse();
    }

    @Test
    void aWellFormedIdHasShape() {
        assertThat(RandomIds.hasShape("inb_", "inb_0123456789abcdefXYZ0")).isTrue();
    }
}
