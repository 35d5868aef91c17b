package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** The pages of one walk through a REST list, with the checks every walk must pass. */
public record PageWalk(List<Response> pages, List<Map<String, Object>> items) {

    private static final int MAX_PAGES = 10_000;

    /** Orders rows as the contract does: newest first by {@code timeField}, ties by id descending in byte order. */
    public static Comparator<Map<String, Object>> listOrder(String timeField) {
        return Comparator.comparing((Map<String, Object> row) -> Instant.parse((String) row.get(timeField)))
                .thenComparing(row -> (String) row.get("id"))
                .reversed();
    }

    /**
     * Follows pages from {@code first} with {@code next} (given the previous page, fetch the next) until
     * has_more is false, checking the page fields on the way.
     */
    public static PageWalk walk(Response first, Function<Response, Response> next) {
        List<Response> pages = new ArrayList<>();
        List<Map<String, Object>> items = new ArrayList<>();
        Response page = first;
        while (true) {
            assertThat(page.statusCode()).as(page.asString()).isEqualTo(200);
            pages.add(page);
            items.addAll(page.jsonPath().getList("data"));
            assertThat(pages).as("a walk that repeats pages never ends").hasSizeLessThan(MAX_PAGES);
            Map<String, Object> body = page.jsonPath().getMap("$");
            assertThat(body).containsKeys("data", "cursor", "has_more");
            assertThat(body.containsKey("total")).as("total only on the first page").isEqualTo(pages.size() == 1);
            boolean hasMore = page.jsonPath().getBoolean("has_more");
            if (!hasMore) {
                assertThat(body.get("cursor")).isNull();
                assertThat(page.header("Link")).isNull();
                return new PageWalk(pages, items);
            }
            assertThat(page.jsonPath().getString("cursor")).isNotBlank();
            page = next.apply(page);
        }
    }

    public static String cursorOf(Response page) {
        return page.jsonPath().getString("cursor");
    }

    public long total() {
        return pages.get(0).jsonPath().getLong("total");
    }

    public List<String> ids() {
        return items.stream().map(row -> (String) row.get("id")).toList();
    }

    /** Each inbox once, in strict list order across page boundaries. */
    public void assertStrictOrderWithoutRepeats() {
        assertStrictOrderWithoutRepeats("created_at");
    }

    /** Each row once, in strict list order (newest first by {@code timeField}) across page boundaries. */
    public void assertStrictOrderWithoutRepeats(String timeField) {
        assertThat(ids()).doesNotHaveDuplicates();
        Comparator<Map<String, Object>> order = listOrder(timeField);
        for (int i = 1; i < items.size(); i++) {
            assertThat(order.compare(items.get(i - 1), items.get(i)))
                    .as("row %d comes strictly after row %d", i, i - 1).isNegative();
        }
    }
}
