package dev.inboxes.domain.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextTest {

    @Test
    void plainTextWithinTheLimitIsReturnedUnchanged() {
        String value = "Jöhn's Ïnbox 📬";

        assertThat(Text.requirePlain("name", value, value.length())).isSameAs(value);
    }

    @Test
    void textLongerThanTheLimitIsRefusedNamingTheArgumentTheLimitAndTheLength() {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                () -> Text.requirePlain("name", "abcdef", 5));

        assertThat(e.argument()).isEqualTo("name");
        assertThat(e).hasMessage("name must be at most 5 characters (got 6).");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u0000", "\t", "\n", "\r", "\u001f", "\u007f", "\u0080", "\u009f"})
    void controlCharactersAreRefused(String control) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                () -> Text.requirePlain("name", "a" + control + "b", 10));

        assertThat(e.argument()).isEqualTo("name");
        assertThat(e).hasMessageContaining("control characters");
    }

    @ParameterizedTest
    @ValueSource(strings = {" ", "\u00a0", "\u2028", "\u200b", "é", "日本"})
    void otherCharactersAreNotControlCharacters(String value) {
        assertThat(Text.hasControlCharacters(value)).isFalse();
    }

    @Test
    void quotingEscapesControlCharactersAndCutsLongInput() {
        assertThat(Text.quote("a\u0000b\nc")).isEqualTo("'a\\u0000b\\u000ac'");
        assertThat(Text.quote("x".repeat(100_000))).isEqualTo("'" + "x".repeat(64) + "…'");
        assertThat(Text.quote("short")).isEqualTo("'short'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\ud800b", "\udc00", "end\ud83d", "\udcec\ud83d", "x\ud800\ud800"})
    void unpairedSurrogatesAreRefusedNamingWhere(String text) {
        InvalidArgumentException e = catchThrowableOfType(InvalidArgumentException.class,
                () -> Text.requirePlain("display_name", text, 10));

        assertThat(e.argument()).isEqualTo("display_name");
        assertThat(e).hasMessageContaining("display_name is not valid Unicode: character " + (Text.unpairedSurrogate(text) + 1))
                .hasMessageContaining("unpaired surrogate");
        assertThat(Text.requireWellFormed("display_name", "fine 📬")).isEqualTo("fine 📬");
    }

    @Test
    void surrogatePairsAreWellFormed() {
        assertThat(Text.unpairedSurrogate("📬 and 𝄞")).isEqualTo(-1);
        assertThat(Text.unpairedSurrogate("a\ud800b")).isEqualTo(1);
    }

    @Test
    void quotingEscapesUnpairedSurrogatesSoTheMessageCanBeWrittenAsUtf8() {
        assertThat(Text.quote("a\ud800b📬")).isEqualTo("'a\\ud800b📬'");
        assertThat(Text.quote(null)).isEqualTo("null");
    }
}
