package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.PageWalk.cursorOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.PageWalk;
import dev.inboxes.app.support.PostgresResource;
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
        PageWalk walk = PageWalk.walk(as(apiKey).get("/v1/inboxes"),
                page -> as(apiKey).queryParam("cursor", cursorOf(page)).get("/v1/inboxes"));

        assertThat(walk.pages()).hasSize(65); // 64 full pages of 50 and one of 19
        assertThat(walk.pages().subList(0, 64)).allSatisfy(page -> assertThat(page.jsonPath().getList("data")).hasSize(50));
        assertThat(walk.total()).isEqualTo(SeededAccount.INBOXES);
        walk.assertStrictOrderWithoutRepeats();
        assertThat(Set.copyOf(walk.ids())).isEqualTo(createdIds);
    }

    @Test
    void theLinkHeaderLeadsThroughTheSameWalk() {
        PageWalk walk = PageWalk.walk(as(apiKey).queryParam("limit", 200).get("/v1/inboxes"),
                page -> as(apiKey).urlEncodingEnabled(false).get(nextLink(page)));

        assertThat(walk.pages()).hasSize(17);
        walk.assertStrictOrderWithoutRepeats();
        assertThat(Set.copyOf(walk.ids())).isEqualTo(createdIds);
    }

    @Test
    void theLimitMayChangeBetweenPages() {
        int[] limits = {1, 200, 7, 50, 199};
        int[] call = {0};
        PageWalk walk = PageWalk.walk(as(apiKey).queryParam("limit", 3).get("/v1/inboxes"),
                page -> as(apiKey).queryParam("limit", limits[call[0]++ % limits.length])
                        .queryParam("cursor", cursorOf(page)).get("/v1/inboxes"));

        walk.assertStrictOrderWithoutRepeats();
        assertThat(walk.items()).hasSize(SeededAccount.INBOXES);
    }

    @Test
    void theQueryFilterAppliesToRowsAndTotal() {
        long expected = SeededAccount.salesDesks();
        PageWalk walk = PageWalk.walk(as(apiKey).queryParam("q", "SALES DESK").get("/v1/inboxes"),
                page -> as(apiKey).queryParam("q", "SALES DESK").queryParam("cursor", cursorOf(page))
                        .get("/v1/inboxes"));

        assertThat(walk.total()).isEqualTo(expected);
        assertThat(walk.items()).hasSize((int) expected)
                .allSatisfy(row -> assertThat((String) row.get("display_name")).startsWith("Sales desk"));
        walk.assertStrictOrderWithoutRepeats();
    }

    @Test
    void theTimeWindowIsInclusiveAfterAndExclusiveBefore() {
        List<Map<String, Object>> all = PageWalk.walk(as(apiKey).queryParam("limit", 200).get("/v1/inboxes"),
                page -> as(apiKey).queryParam("limit", 200).queryParam("cursor", cursorOf(page))
                        .get("/v1/inboxes")).items();
        String after = (String) all.get(2_500).get("created_at");
        String before = (String) all.get(500).get("created_at");
        Set<String> expected = all.stream()
                .filter(row -> !Instant.parse((String) row.get("created_at")).isBefore(Instant.parse(after)))
                .filter(row -> Instant.parse((String) row.get("created_at")).isBefore(Instant.parse(before)))
                .map(row -> (String) row.get("id"))
                .collect(Collectors.toSet());

        PageWalk window = PageWalk.walk(as(apiKey).queryParam("created_after", after).queryParam("created_before", before)
                        .queryParam("limit", 100).get("/v1/inboxes"),
                page -> as(apiKey).queryParam("created_after", after).queryParam("created_before", before)
                        .queryParam("limit", 100).queryParam("cursor", cursorOf(page)).get("/v1/inboxes"));

        assertThat(window.total()).isEqualTo(expected.size());
        assertThat(Set.copyOf(window.ids())).isEqualTo(expected);
        window.assertStrictOrderWithoutRepeats();
    }

    /** The same instant, as each generated client writes a date-time query parameter, selects the same inboxes. */
    @Test
    void everyGeneratedClientsSpellingOfATimeSelectsTheSameInboxes() {
        List<Map<String, Object>> all = PageWalk.walk(as(apiKey).queryParam("limit", 200).get("/v1/inboxes"),
                page -> as(apiKey).queryParam("limit", 200).queryParam("cursor", cursorOf(page))
                        .get("/v1/inboxes")).items();
        Instant at = Instant.parse((String) all.get(1_000).get("created_at"));
        long expected = all.stream().filter(row -> !Instant.parse((String) row.get("created_at")).isBefore(at)).count();
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
