package dev.inboxes.app.event;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The event log: written with each change, listed like every list, filtered, bounded against bad input. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class EventsTest {

    @Inject
    EntityManager entityManager;

    @Test
    void eachChangeWritesItsEventAndTheListWalksThemNewestFirst() throws Exception {
        String apiKey = Api.newAccount();
        String inbox = Api.createInbox(apiKey, Map.of("username", "events" + System.nanoTime()));
        String message = Api.recordMessage(apiKey, inbox, "Hello events", "The text of it. ".repeat(20)
                + "Only the body holds this end");
        JsonNode inboxRow = Client.JSON.readTree(as(apiKey).get("/v1/inboxes/" + inbox).asString());
        JsonNode messageRow = Api.page(apiKey, "/v1/inboxes/" + inbox + "/messages", Map.of(), null).path("data").get(0);
        as(apiKey).delete("/v1/inboxes/" + inbox).then().statusCode(204);

        PageWalk walk = Api.walk(apiKey, "/v1/events", Map.of("limit", 1));

        assertThat(walk.total()).isEqualTo(3);
        walk.assertStrictOrderWithoutRepeats("created_at");
        assertThat(walk.items()).extracting(event -> event.path("type").asText())
                .containsExactly("inbox.deleted", "message.received", "inbox.created");
        walk.items().forEach(event -> {
            assertThat(event.path("id").asText()).matches("evt_[0-9A-Za-z]{20}");
            assertThat(event.fieldNames()).toIterable().containsExactlyInAnyOrder("id", "type", "created_at",
                    "inbox_id", "data");
            assertThat(event.path("inbox_id").asText()).isEqualTo(inbox);
        });
        assertThat(walk.items().get(2).path("data")).isEqualTo(inboxRow);
        assertThat(walk.items().get(0).path("data")).isEqualTo(inboxRow);
        JsonNode received = walk.items().get(1).path("data");
        assertThat(received.path("id").asText()).isEqualTo(message);
        assertThat(Set.copyOf(iterable(received.fieldNames()))).isEqualTo(union(iterable(messageRow.fieldNames()),
                "authentication"));
        messageRow.fields().forEachRemaining(field -> assertThat(received.path(field.getKey()))
                .as(field.getKey()).isEqualTo(field.getValue()));
        assertThat(received.path("authentication").isNull()).isTrue(); // recorded, not checked at receipt
        assertThat(received.toString()).doesNotContain("Only the body holds this end");
    }

    @Test
    void filtersByTypeAndInboxAndRefusesUnknownOnes() {
        String apiKey = Api.newAccount();
        String first = Api.createInbox(apiKey, Map.of());
        String second = Api.createInbox(apiKey, Map.of());
        Api.recordMessage(apiKey, first, "One", "one");

        assertThat(Api.walk(apiKey, "/v1/events", Map.of("type", "message.received")).items())
                .extracting(event -> event.path("inbox_id").asText()).containsExactly(first);
        assertThat(Api.walk(apiKey, "/v1/events", Map.of("inbox_id", second)).items())
                .extracting(event -> event.path("type").asText()).containsExactly("inbox.created");
        PageWalk created = Api.walk(apiKey, "/v1/events", Map.of("type", "inbox.created", "limit", 1));
        assertThat(created.ids()).hasSize(2);
        assertThat(created.total()).isEqualTo(2);

        String detail = assertProblem(as(apiKey).queryParam("type", "message.exploded").get("/v1/events"), 400,
                "invalid-request");
        assertThat(detail).contains("message.received", "inbox.deleted", "message.exploded");
        assertProblem(as(apiKey).queryParam("inbox_id", "inb_\u0000").get("/v1/events"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("type", "x".repeat(2_000)).get("/v1/events"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("type", "\ud800").get("/v1/events"), 400, "invalid-request");
        String cursor = Api.page(apiKey, "/v1/events", Map.of("limit", 1), null).path("cursor").asText();
        assertProblem(as(apiKey).queryParam("cursor", cursor).queryParam("type", "inbox.created").get("/v1/events"),
                400, "cursor-mismatch");
        assertProblem(as(Api.newAccount()).queryParam("cursor", cursor).get("/v1/events"), 400, "cursor-mismatch");
        assertProblem(as(apiKey).queryParam("cursor", "garbage").get("/v1/events"), 400, "invalid-cursor");
        assertThat(Api.walk(Api.newAccount(), "/v1/events", Map.of()).items()).isEmpty();
    }

    @Test
    void aSendsDeliveriesWriteTheirOutcomesAsEventsWithTheMessageRowAndTheDelivery() throws Exception {
        String apiKey = Api.newAccount();
        String from = Api.createInbox(apiKey, Map.of());
        String to = as(apiKey).get("/v1/inboxes/" + Api.createInbox(apiKey, Map.of())).path("address");
        Response sent = as(apiKey).contentType(io.restassured.http.ContentType.JSON)
                .body(Map.of("to", List.of(to, "someone@elsewhere.example"), "subject", "Out", "text", "Hi"))
                .post("/v1/inboxes/" + from + "/messages/send");
        assertThat(sent.statusCode()).as(sent.asString()).isEqualTo(202);

        List<JsonNode> outcomes = awaitEvents(apiKey, Map.of("inbox_id", from), 3); // inbox.created, sent, failed
        JsonNode delivered = outcomes.stream().filter(e -> e.path("type").asText().equals("message.sent"))
                .findFirst().orElseThrow();
        JsonNode failed = outcomes.stream().filter(e -> e.path("type").asText().equals("message.failed"))
                .findFirst().orElseThrow(); // no relay is configured in tests
        assertThat(delivered.path("data").path("id").asText()).isEqualTo(sent.<String>path("id"));
        assertThat(delivered.path("data").path("direction").asText()).isEqualTo("outbound");
        assertThat(delivered.path("data").path("delivery").path("recipient").asText()).isEqualTo(to);
        assertThat(delivered.path("data").path("delivery").path("status").asText()).isEqualTo("sent");
        assertThat(delivered.path("data").path("delivery").path("smtp_reply").asText()).startsWith("250");
        assertThat(failed.path("data").path("delivery").path("recipient").asText())
                .isEqualTo("someone@elsewhere.example");
        assertThat(failed.path("data").path("delivery").fieldNames()).toIterable().containsExactlyInAnyOrder(
                "recipient", "status", "attempts", "last_attempt_at", "next_attempt_at", "smtp_reply");
        assertThat(awaitEvents(apiKey, Map.of("type", "message.received"), 1).get(0).path("data").path("to").asText())
                .contains(to); // delivered into the other inbox: received there
    }

    private static List<JsonNode> awaitEvents(String apiKey, Map<String, ?> filters, int count) throws Exception {
        long deadline = System.nanoTime() + 20_000_000_000L;
        List<JsonNode> events = Api.walk(apiKey, "/v1/events", filters).items();
        while (events.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(100);
            events = Api.walk(apiKey, "/v1/events", filters).items();
        }
        assertThat(events).hasSizeGreaterThanOrEqualTo(count);
        return events;
    }

    @Test
    void aChangeRolledBackLeavesNoEvent() {
        String apiKey = Api.newAccount();
        String inbox = Api.createInbox(apiKey, Map.of());
        long before = Api.walk(apiKey, "/v1/events", Map.of()).total();

        QuarkusTransaction.begin();
        entityManager.createNativeQuery("DELETE FROM inboxes WHERE id = ?1").setParameter(1, inbox).executeUpdate();
        long inTransaction = ((Number) entityManager.createNativeQuery(
                "SELECT count(*) FROM events WHERE inbox_id = ?1 AND type = 'inbox.deleted'").setParameter(1, inbox)
                .getSingleResult()).longValue();
        QuarkusTransaction.rollback();

        assertThat(inTransaction).isEqualTo(1); // written with the change, in its transaction
        assertThat(Api.walk(apiKey, "/v1/events", Map.of()).total()).isEqualTo(before);
        as(apiKey).get("/v1/inboxes/" + inbox).then().statusCode(200);
    }

    private static <T> List<T> iterable(java.util.Iterator<T> iterator) {
        List<T> list = new java.util.ArrayList<>();
        iterator.forEachRemaining(list::add);
        return list;
    }

    private static Set<String> union(List<String> names, String more) {
        Set<String> all = new java.util.HashSet<>(names);
        all.add(more);
        return all;
    }
}
