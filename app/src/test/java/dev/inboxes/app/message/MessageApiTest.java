package dev.inboxes.app.message;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Messages: the second paged list, over the same cursor, total and problem rules as inboxes. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MessageApiTest {

    @Test
    void aRecordedMessageHasAPreviewAndDefaultsToTheInboxAddress() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        String address = as(apiKey).get("/v1/inboxes/" + inboxId).path("address");
        String text = "é".repeat(150) + "x".repeat(150);

        Response recorded = as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("from", "alice@example.com", "subject", "Hello", "text", text))
                .post("/v1/inboxes/" + inboxId + "/messages");

        assertThat(recorded.statusCode()).isEqualTo(201);
        assertThat(recorded.<String>path("id")).matches("msg_[0-9A-Za-z]{20}");
        assertThat(recorded.<String>path("inbox_id")).isEqualTo(inboxId);
        assertThat(recorded.<String>path("from")).isEqualTo("alice@example.com");
        assertThat(recorded.<String>path("to")).isEqualTo(address);
        assertThat(recorded.<String>path("preview")).isEqualTo(text.substring(0, 200));
        assertThat(recorded.jsonPath().getMap("$")).containsOnlyKeys("id", "inbox_id", "direction", "from", "to", "subject",
                "preview", "received_at", "thread_id", "has_attachments", "sender_verified");
    }

    @Test
    void pagesOfMessagesReturnEachOnceNewestFirstWithTotalOnTheFirstPage() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        List<String> recorded = Api.recordMessages(apiKey, inboxId, 23, i -> "Subject " + i, i -> "Body " + i);

        PageWalk walk = Api.walk(apiKey, "/v1/inboxes/" + inboxId + "/messages", Map.of("limit", 5));

        assertThat(walk.total()).isEqualTo(23);
        assertThat(walk.pages()).hasSize(5);
        walk.assertStrictOrderWithoutRepeats("received_at");
        Collections.reverse(recorded);
        assertThat(walk.ids()).containsExactlyElementsOf(recorded);
        assertThat(as(apiKey).queryParam("limit", 5).get("/v1/inboxes/" + inboxId + "/messages").header("Link"))
                .contains("/v1/inboxes/" + inboxId + "/messages?limit=5&cursor=");
    }

    @Test
    void anotherAccountsInboxHasNoMessagesForYou() {
        String owner = Api.newAccount();
        String inboxId = Api.createInbox(owner, Map.of());
        Api.recordMessage(owner, inboxId, "Private", "Secret");
        String stranger = Api.newAccount();

        assertProblem(as(stranger).get("/v1/inboxes/" + inboxId + "/messages"), 404, "not-found");
        assertProblem(as(stranger).contentType(ContentType.JSON)
                .body(Map.of("from", "x@example.com", "subject", "s", "text", "t"))
                .post("/v1/inboxes/" + inboxId + "/messages"), 404, "not-found");
        assertThat(as(owner).get("/v1/inboxes/" + inboxId + "/messages").jsonPath().getInt("total")).isEqualTo(1);
    }

    @Test
    void aMessagesCursorBelongsToItsInbox() {
        String apiKey = Api.newAccount();
        String first = Api.createInbox(apiKey, Map.of());
        String second = Api.createInbox(apiKey, Map.of());
        Api.recordMessage(apiKey, first, "a", "a");
        Api.recordMessage(apiKey, first, "b", "b");
        String cursor = as(apiKey).queryParam("limit", 1).get("/v1/inboxes/" + first + "/messages").path("cursor");

        assertProblem(as(apiKey).queryParam("cursor", cursor).get("/v1/inboxes/" + second + "/messages"), 400,
                "cursor-mismatch");
        assertProblem(as(apiKey).queryParam("cursor", cursor).get("/v1/inboxes"), 400, "cursor-mismatch");
    }

    @Test
    void deletingAnInboxDeletesItsMessages() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        Api.recordMessage(apiKey, inboxId, "Doomed", "Gone soon");
        as(apiKey).delete("/v1/inboxes/" + inboxId).then().statusCode(204);
        assertProblem(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages"), 404, "not-found");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"subject\":\"s\",\"text\":\"t\"}",
            "{\"from\":\"not-an-address\",\"subject\":\"s\",\"text\":\"t\"}",
            "{\"from\":\"a@b.c\",\"to\":\"two words@x.y\",\"subject\":\"s\",\"text\":\"t\"}",
            "{\"from\":\"a@b.c\",\"subject\":\"line\\nbreak\",\"text\":\"t\"}",
            "{\"from\":\"a@b.c\",\"subject\":\"s\"}",
            "{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"nul\\u0000\"}",
            "{\"from\":\"a@b.c\",\"subject\":42,\"text\":\"t\"}",
            "{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"t\",\"body\":\"typo\"}",
            "[]"})
    void invalidMessagesAreRefusedAndNothingIsStored(String body) {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        assertProblem(as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes/" + inboxId + "/messages"),
                400, "invalid-request");
        assertThat(as(apiKey).get("/v1/inboxes/" + inboxId + "/messages").jsonPath().getInt("total")).isZero();
    }

    @Test
    void overlongFieldsAreRefused() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        for (Map<String, String> body : List.of(
                Map.of("from", "a@b.c", "subject", "s".repeat(999), "text", "t"),
                Map.of("from", "a".repeat(320) + "@b.c", "subject", "s", "text", "t"),
                Map.of("from", "a@b.c", "subject", "s", "text", "t".repeat(100_001)))) {
            assertProblem(as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/inboxes/" + inboxId + "/messages"),
                    400, "invalid-request");
        }
    }

    @Test
    void anEmptyInboxListsNothingWithATotalOfZero() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        Response page = as(apiKey).get("/v1/inboxes/" + inboxId + "/messages");
        assertThat(page.jsonPath().getList("data")).isEmpty();
        assertThat(page.jsonPath().getMap("$")).containsEntry("cursor", null).containsEntry("has_more", false)
                .containsEntry("total", 0);
        assertThat(page.header("Link")).isNull();
    }
}
