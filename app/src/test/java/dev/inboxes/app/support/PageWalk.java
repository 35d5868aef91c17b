package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.testing.ListOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One walk through any paged list, REST or MCP, with the checks every walk must pass: each page has
 * {@code data}, {@code cursor} and {@code has_more}; {@code total} is on the first page only; {@code cursor}
 * is null exactly on the last page.
 */
public record PageWalk(List<JsonNode> pages, List<JsonNode> items) {

    private static final int MAX_PAGES = 10_000;

    /** Fetches page {@code index} (from 0) of a list: the first without a cursor, each next with the previous one's. */
    @FunctionalInterface
    public interface PageSource {
        JsonNode fetch(String cursor, int index) throws Exception;
    }

    public static PageWalk walk(PageSource source) throws Exception {
        List<JsonNode> pages = new ArrayList<>();
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = source.fetch(cursor, pages.size());
            pages.add(page);
            assertThat(pages).as("a walk that repeats pages never ends").hasSizeLessThan(MAX_PAGES);
            assertThat(page.has("data") && page.has("cursor") && page.has("has_more")).as("page fields: %s", page).isTrue();
            assertThat(page.has("total")).as("total on the first page only").isEqualTo(pages.size() == 1);
            page.path("data").forEach(items::add);
            boolean hasMore = page.path("has_more").asBoolean();
            cursor = page.path("cursor").isNull() ? null : page.path("cursor").asText();
            assertThat(cursor != null && !cursor.isBlank()).as("a cursor exactly when has_more").isEqualTo(hasMore);
        } while (cursor != null);
        return new PageWalk(pages, items);
    }

    public long total() {
        return pages.get(0).path("total").asLong();
    }

    public List<String> ids() {
        return items.stream().map(row -> row.path("id").asText()).toList();
    }

    /** The largest page's {@code data}: how many rows the walk's pages held at most. */
    public int largestPage() {
        return pages.stream().mapToInt(page -> page.path("data").size()).max().orElse(0);
    }

    /** Each row once, in strict list order (newest first by {@code timeField}, ties by id) across page boundaries. */
    public PageWalk assertStrictOrderWithoutRepeats(String timeField) {
        assertThat(ids()).doesNotHaveDuplicates();
        for (int i = 1; i < items.size(); i++) {
            assertThat(ListOrder.KEYSETS.compare(keyset(items.get(i - 1), timeField), keyset(items.get(i), timeField)))
                    .as("row %d comes strictly after row %d", i, i - 1).isNegative();
        }
        return this;
    }

    private static Keyset keyset(JsonNode row, String timeField) {
        return new Keyset(Instant.parse(row.path(timeField).asText()), row.path("id").asText());
    }
}
