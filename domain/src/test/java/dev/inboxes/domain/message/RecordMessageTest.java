package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordMessageTest {

    @Test
    void thePreviewIsTheFirst200CharactersOfTheText() {
        String text = "a".repeat(250);
        assertThat(RecordMessage.of("a@b.c", null, "s", text).preview()).isEqualTo("a".repeat(200));
        assertThat(RecordMessage.of("a@b.c", null, "s", "short").preview()).isEqualTo("short");
        assertThat(RecordMessage.of("a@b.c", null, "s", "").preview()).isEmpty();
    }

    @Test
    void thePreviewNeverEndsInsideASurrogatePair() {
        String text = "a".repeat(199) + "😀" + "tail";
        String preview = RecordMessage.of("a@b.c", null, "s", text).preview();
        assertThat(preview).hasSize(199).isEqualTo("a".repeat(199));
    }

    @Test
    void toIsOptionalAndEverythingElseRequired() {
        assertThat(RecordMessage.of("a@b.c", null, "", "t").to()).isNull();
        for (String missing : new String[] {"from", "subject", "text"}) {
            assertThatThrownBy(() -> RecordMessage.of(missing.equals("from") ? null : "a@b.c", null,
                    missing.equals("subject") ? null : "s", missing.equals("text") ? null : "t"))
                    .isInstanceOf(InvalidArgumentException.class)
                    .hasMessage(missing + " is required.");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "@example.com", "alice@", "al ice@example.com", "a@b\nc"})
    void addressesMustLookLikeEmailAddresses(String address) {
        assertThatThrownBy(() -> RecordMessage.of(address, null, "s", "t"))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("from");
        assertThatThrownBy(() -> RecordMessage.of("a@b.c", address, "s", "t"))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("to");
    }

    @Test
    void limitsAreEnforced() {
        assertThatThrownBy(() -> RecordMessage.of("a@b.c", null, "s".repeat(999), "t"))
                .hasMessageContaining("subject must be at most 998");
        assertThatThrownBy(() -> RecordMessage.of("a@b.c", null, "line\nbreak", "t"))
                .hasMessageContaining("control characters");
        assertThatThrownBy(() -> RecordMessage.of("a@b.c", null, "s", "t".repeat(100_001)))
                .hasMessageContaining("text must be at most 100000");
        assertThatThrownBy(() -> RecordMessage.of("a@b.c", null, "s", "nul\u0000"))
                .hasMessageContaining("NUL");
        assertThat(RecordMessage.of("a@b.c", null, "s".repeat(998), "line\nbreaks\tare fine").text())
                .contains("\n");
    }
}
