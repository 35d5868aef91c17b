package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.SearchWords;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageFilterTest {

    @Test
    void qIsSplitIntoDistinctLowerCaseWordsAtSpacesOfAnyScript() {
        assertThat(MessageFilter.parse("  Verification\u3000CODE  code\u00a0GitHub ").words())
                .containsExactly("verification", "code", "github");
        assertThat(MessageFilter.parse(null).isEmpty()).isTrue();
        assertThat(MessageFilter.parse("   ").isEmpty()).isTrue();
        assertThat(MessageFilter.parse("").isEmpty()).isTrue();
    }

    @Test
    void equalQueriesShareTheirScopeWhateverTheWordOrderAndNoQueryKeepsTheOldScope() {
        assertThat(MessageFilter.parse("code github").canonical()).isEqualTo(MessageFilter.parse("GitHub code").canonical());
        assertThat(MessageFilter.parse("code").canonical()).isNotEqualTo(MessageFilter.parse("code github").canonical());
        assertThat(MessageFilter.NONE.canonical()).isEmpty();
    }

    @Test
    void hostileQueriesAreRefusedWithAdvice() {
        assertThatThrownBy(() -> MessageFilter.parse("a b c d e f g h i"))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("at most " + SearchWords.MAX_WORDS + " words (got 9)")
                .hasMessageContaining("the sender, the subject or the text");
        assertThatThrownBy(() -> MessageFilter.parse("code\u0000")).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("control characters");
        assertThatThrownBy(() -> MessageFilter.parse("x".repeat(MessageFilter.MAX_Q_LENGTH + 1)))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("at most 200 characters");
        assertThatThrownBy(() -> MessageFilter.parse("\uD800 code")).as("a lone surrogate cannot be stored or matched")
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("unpaired surrogate");
        assertThat(List.of(MessageFilter.parse("%_\\").words().get(0))).containsExactly("%_\\");
    }
}
