package dev.inboxes.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PageTest {

    @Test
    void hasMoreWithoutACursorIsRefused() {
        assertThatThrownBy(() -> new Page<>(List.of("a"), null, true, OptionalLong.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCursorWithoutHasMoreIsRefused() {
        assertThatThrownBy(() -> new Page<>(List.of("a"), "cursor", false, OptionalLong.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMissingTotalMustBeAnEmptyOptionalNotNull() {
        assertThatThrownBy(() -> new Page<>(List.of("a"), null, false, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void itemsAreCopiedSoLaterChangesToTheSourceListDoNotLeakIn() {
        List<String> items = new ArrayList<>(List.of("a", "b"));
        Page<String> page = new Page<>(items, null, false, OptionalLong.of(2));

        items.add("c");

        assertThat(page.items()).containsExactly("a", "b");
    }

    @Test
    void theDocumentedBoundIsTheBound() {
        assertThat(PageLimits.TOTAL_EXACT_UP_TO_TEXT)
                .isEqualTo(String.format(java.util.Locale.ROOT, "%,d", PageLimits.TOTAL_EXACT_UP_TO));
        assertThat(PageLimits.TOTAL_EXACT_UP_TO_WITH_Q_TEXT)
                .isEqualTo(String.format(java.util.Locale.ROOT, "%,d", PageLimits.TOTAL_EXACT_UP_TO_WITH_Q));
    }
}
