package dev.inboxes.app.inbox;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Create, read, delete; unique addresses; tenant isolation; idempotent creates. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class InboxLifecycleTest {

    @Test
    void anInboxIsCreatedReadAndDeleted() {
        String apiKey = Api.newAccount();
        String username = "Support-" + unique();
        Response created = as(apiKey).contentType(ContentType.JSON)
                .body(Map.of("username", username, "display_name", "Support bot")).post("/v1/inboxes");

        assertThat(created.statusCode()).isEqualTo(201);
        String id = created.path("id");
        assertThat(id).matches("inb_[0-9A-Za-z]{20}");
        assertThat(created.<String>path("address")).isEqualTo(username.toLowerCase() + "@inboxes.test");
        assertThat(created.<String>path("display_name")).isEqualTo("Support bot");
        assertThat(created.<String>path("created_at")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
        assertThat(created.header("Location")).endsWith("/v1/inboxes/" + id);

        Response read = as(apiKey).get("/v1/inboxes/" + id);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(read.jsonPath().getMap("$")).isEqualTo(created.jsonPath().getMap("$"));

        // Generated clients accept only their error type on a 204 route; the delete must not answer 406.
        as(apiKey).accept("application/problem+json").delete("/v1/inboxes/" + id).then().statusCode(204);
        assertProblem(as(apiKey).get("/v1/inboxes/" + id), 404, "not-found");
        assertProblem(as(apiKey).delete("/v1/inboxes/" + id), 404, "not-found");
    }

    @Test
    void withoutABodyTheAddressIsRandomAndTheDisplayNameNull() {
        Response created = as(Api.newAccount()).post("/v1/inboxes");
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.<String>path("address")).matches("[a-z0-9]{12}@inboxes\\.test");
        assertThat(created.jsonPath().getMap("$")).containsEntry("display_name", null);
    }

    @Test
    void anAddressBelongsToOneInboxWhateverTheCase() {
        String username = "taken-" + unique();
        Api.createInbox(Api.newAccount(), Map.of("username", username));
        Response again = as(Api.newAccount()).contentType(ContentType.JSON)
                .body(Map.of("username", username.toUpperCase())).post("/v1/inboxes");
        assertThat(assertProblem(again, 409, "address-taken")).contains("Choose another username");
    }

    @Test
    void anotherAccountsInboxDoesNotExistForYou() {
        String owner = Api.newAccount();
        String stranger = Api.newAccount();
        String id = Api.createInbox(owner, Map.of("display_name", "Private"));
        Api.createInbox(stranger, Map.of());

        assertProblem(as(stranger).get("/v1/inboxes/" + id), 404, "not-found");
        assertProblem(as(stranger).delete("/v1/inboxes/" + id), 404, "not-found");
        List<String> strangersView = as(stranger).get("/v1/inboxes").jsonPath().getList("data.id");
        assertThat(strangersView).hasSize(1).doesNotContain(id);
        assertThat(as(stranger).get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);
        as(owner).get("/v1/inboxes/" + id).then().statusCode(200);
    }

    @Test
    void aRepeatedIdempotencyKeyReturnsTheFirstResultAndCreatesNothing() {
        String apiKey = Api.newAccount();
        String key = UUID.randomUUID().toString();
        Response first = createWithKey(apiKey, key, "{\"display_name\":\"Once\"}");
        Response second = createWithKey(apiKey, key, "{\"display_name\":\"Once\"}");

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(first.header("Idempotent-Replayed")).isNull();
        assertThat(second.statusCode()).isEqualTo(201);
        assertThat(second.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(second.jsonPath().getMap("$")).isEqualTo(first.jsonPath().getMap("$"));
        assertThat(as(apiKey).get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);

        as(apiKey).delete("/v1/inboxes/" + first.path("id")).then().statusCode(204);
        Response afterDelete = createWithKey(apiKey, key, "{\"display_name\":\"Once\"}");
        assertThat(afterDelete.jsonPath().getMap("$")).isEqualTo(first.jsonPath().getMap("$"));
        assertThat(as(apiKey).get("/v1/inboxes").jsonPath().getInt("total")).isZero();
    }

    @Test
    void anIdempotencyKeyWithAnotherBodyIsRefused() {
        String apiKey = Api.newAccount();
        String key = UUID.randomUUID().toString();
        createWithKey(apiKey, key, "{\"display_name\":\"First\"}").then().statusCode(201);
        String detail = assertProblem(createWithKey(apiKey, key, "{\"display_name\":\"Second\"}"), 422,
                "idempotency-key-reused");
        assertThat(detail).contains("Use a new key");
        assertThat(as(apiKey).get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);
    }

    @Test
    void idempotencyKeysBelongToOneAccount() {
        String key = UUID.randomUUID().toString();
        String first = createWithKey(Api.newAccount(), key, "{}").path("id");
        String second = createWithKey(Api.newAccount(), key, "{}").path("id");
        assertThat(second).isNotEqualTo(first);
    }

    @Test
    void concurrentCreatesWithOneKeyCreateOneInbox() throws Exception {
        String apiKey = Api.newAccount();
        String key = UUID.randomUUID().toString();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Response>> calls = IntStream.range(0, 16)
                    .<Callable<Response>>mapToObj(i -> () -> createWithKey(apiKey, key, "{\"display_name\":\"Race\"}"))
                    .toList();
            List<String> ids = pool.invokeAll(calls).stream().map(InboxLifecycleTest::join)
                    .peek(response -> assertThat(response.statusCode()).as(response.asString()).isEqualTo(201))
                    .map(response -> response.<String>path("id"))
                    .distinct().toList();
            assertThat(ids).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(as(apiKey).get("/v1/inboxes").jsonPath().getInt("total")).isEqualTo(1);
    }

    private static Response createWithKey(String apiKey, String key, String body) {
        return as(apiKey).header("Idempotency-Key", key).contentType(ContentType.JSON).body(body).post("/v1/inboxes");
    }

    private static Response join(Future<Response> future) {
        try {
            return future.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String unique() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
