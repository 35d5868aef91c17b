package dev.inboxes.domain.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeysTest {

    @Test
    void generatedKeysHaveTheShapeOfAKey() {
        for (int i = 0; i < 100; i++) {
            String key = ApiKeys.generate();

            assertThat(key).matches("sk_[0-9A-Za-z]{40}");
            assertThat(ApiKeys.hasShape(key)).isTrue();
        }
    }

    @Test
    void generatedKeysUseTheWholeBase62Alphabet() {
        Set<Character> seen = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            ApiKeys.generate().substring(3).chars().forEach(c -> seen.add((char) c));
        }

        assertThat(seen).hasSize(62);
    }

    @Test
    void theSameKeyAlwaysHashesTheSame() {
        String key = ApiKeys.generate();

        assertThat(ApiKeys.hash(key)).isEqualTo(ApiKeys.hash(new String(key)));
    }

    @Test
    void differentKeysHashDifferently() {
        assertThat(ApiKeys.hash("sk_" + "a".repeat(40))).isNotEqualTo(ApiKeys.hash("sk_" + "b".repeat(40)));
    }
}
