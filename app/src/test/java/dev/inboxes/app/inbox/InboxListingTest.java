package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.SeededAccount;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The seed's case over real HTTP: an account with 3,219 inboxes, paged by 50. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class InboxListingTest {

    private static final String CREATED_AT = "created_at";

    String apiKey;
    Set<String> createdIds;

    @BeforeEach
    void seeded() {
        SeededAccount seeded = SeededAccount.get();
        apiKey = seeded.apiKey;
        createdIds = seeded.inboxIds;
        assertThat(createdIds).hasSize(SeededAccount.INBOXES);
    }

    @Test
    void walkingAllPagesByCursorReturnsEveryInboxOnceNewestFirst() {
        PageWalk walk = Api.walk(apiKey, "/v1/inboxes", Map.of());

        assertThat(walk.pages()).hasSize(65); // 64 full pages of 50 and one of 19
        assertThat(walk.pages().subList(0, 64)).allSatisfy(page -> assertThat(page.path("data")).hasSize(50));
        assertThat(walk.total()).isEqualTo(SeededAccount.INBOXES);
        walk.assertStrictOrderWithoutRepeats(CREATED_AT);
        assertThat(Set.copyOf(walk.ids())).isEqualTo(createdIds);
    }

    @Test
    void theLinkHeaderLeadsThroughTheSameWalk() throws Exception {
        String[] next = {"/v1/inboxes?limit=200"};
        PageWalk walk = PageWalk.walk((cursor, index) -> {
            Response page = as(apiKey).urlEncodingEnabled(false).get(next[0]);
            next[0] = page.header("Link") == null ? null : nextLink(page);
            return Api.page(page);
        });

        assertThat(walk.pages()).hasSize(17);
        walk.assertStrictOrderWithoutRepeats(CREATED_AT);
        assertThat(Set.copyOf(walk.ids())).isEqualTo(createdIds);
    }

    @Test
    void theLimitMayChangeBetweenPages() throws Exception {
        int[] limits = {3, 1, 200, 7, 50, 199};
        PageWalk walk = PageWalk.walk((cursor, index) ->
                Api.page(apiKey, "/v1/inboxes", Map.of("limit", limits[index % limits.length]), cursor));

        walk.assertStrictOrderWithoutRepeats(CREATED_AT);
        assertThat(walk.items()).hasSize(SeededAccount.INBOXES);
    }

    @Test
    void theQueryFilterAppliesToRowsAndTotal() {
        long expected = SeededAccount.salesDesks();
        PageWalk walk = Api.walk(apiKey, "/v1/inboxes", Map.of("q", "SALES DESK"));

        assertThat(walk.total()).isEqualTo(expected);
        assertThat(walk.items()).hasSize((int) expected)
                .allSatisfy(row -> assertThat(row.path("display_name").asText()).startsWith("Sales desk"));
        walk.assertStrictOrderWithoutRepeats(CREATED_AT);
    }

    @Test
    void everyWordOfTheQueryMustAppearInAnyOrder() {
        List<String> words = List.of("12", "desk", "sales");
        Set<String> expected = Api.walk(apiKey, "/v1/inboxes", Map.of("limit", 200)).items().stream()
                .filter(row -> words.stream().allMatch(word -> row.path("address").asText().contains(word)
                        || row.path("display_name").asText("").toLowerCase(java.util.Locale.ROOT).contains(word)))
                .map(row -> row.path("id").asText())
                .collect(Collectors.toSet());

        PageWalk walk = Api.walk(apiKey, "/v1/inboxes", Map.of("q", "12 DESK  sales", "limit", 200));

        assertThat(expected).hasSizeGreaterThan(20);
        assertThat(walk.total()).isEqualTo(expected.size());
        assertThat(Set.copyOf(walk.ids())).isEqualTo(expected);
        assertThat(Api.walk(apiKey, "/v1/inboxes", Map.of("q", "sales 12 desk")).total())
                .as("the words in another order select the same inboxes").isEqualTo(expected.size());
    }

    @Test
    void theTimeWindowIsInclusiveAfterAndExclusiveBefore() {
        List<JsonNode> all = Api.walk(apiKey, "/v1/inboxes", Map.of("limit", 200)).items();
        // 700 rows: under the tests' bound on counted totals (1,000), so the window's total is exact.
        String after = all.get(1_200).path(CREATED_AT).asText();
        String before = all.get(500).path(CREATED_AT).asText();
        Set<String> expected = all.stream()
                .filter(row -> !Instant.parse(row.path(CREATED_AT).asText()).isBefore(Instant.parse(after)))
                .filter(row -> Instant.parse(row.path(CREATED_AT).asText()).isBefore(Instant.parse(before)))
                .map(row -> row.path("id").asText())
                .collect(Collectors.toSet());

        PageWalk window = Api.walk(apiKey, "/v1/inboxes",
                Map.of("created_after", after, "created_before", before, "limit", 100));

        assertThat(window.total()).isEqualTo(expected.size());
        assertThat(Set.copyOf(window.ids())).isEqualTo(expected);
        window.assertStrictOrderWithoutRepeats(CREATED_AT);
    }

    /** The same instant, as each generated client writes a date-time query parameter, selects the same inboxes. */
    @Test
    void everyGeneratedClientsSpellingOfATimeSelectsTheSameInboxes() {
        List<JsonNode> all = Api.walk(apiKey, "/v1/inboxes", Map.of("limit", 200)).items();
        // Within the exact-count bound, so every spelling must give the same exact total.
        Instant at = Instant.parse(all.get(500).path(CREATED_AT).asText());
        long expected = all.stream().filter(row -> !Instant.parse(row.path(CREATED_AT).asText()).isBefore(at)).count();
        DateTimeFormatter python = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSxx");
        Map<String, String> spellings = Map.of(
                "RFC 3339", at.toString(),
                "java (ISO_OFFSET_DATE_TIME)", at.atOffset(ZoneOffset.ofHours(1)).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                "python (%f%z, UTC)", at.atOffset(ZoneOffset.UTC).format(python),
                "python (%f%z, +05:30)", at.atOffset(ZoneOffset.ofHoursMinutes(5, 30)).format(python),
                "go (RFC3339Nano)", DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX")
                        .format(at.atOffset(ZoneOffset.ofHours(-7))).replaceFirst("\\.?0+(?=[-+])", ""));

        spellings.forEach((client, spelling) -> {
            Response page = as(apiKey).queryParam("created_after", spelling).queryParam("limit", 1).get("/v1/inboxes");
            assertThat(page.statusCode()).as("%s: %s -> %s", client, spelling, page.asString()).isEqualTo(200);
            assertThat(page.<Integer>path("total")).as("%s: %s", client, spelling).isEqualTo((int) expected);
        });
        assertThat(spellings.get("python (%f%z, +05:30)")).endsWith("+0530");
    }

    private static String nextLink(Response page) {
        String link = page.header("Link");
        assertThat(link).matches("<[^>]+>; rel=\"next\"");
        return link.substring(1, link.indexOf('>'));
    }
}
