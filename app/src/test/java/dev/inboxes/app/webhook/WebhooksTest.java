package dev.inboxes.app.webhook;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.app.support.WebhookReceiver;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Webhook endpoints against a real receiver on loopback: signed deliveries, retries on the schedule (shortened in
 * tests), 410, timeouts, rotation, and the routes' answers to bad input.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class WebhooksTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aReceivedMessageIsPostedSignedWithItsEventAndTheAttemptIsListed() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String apiKey = Api.newAccount();
            String inbox = Api.createInbox(apiKey, Map.of());
            Response created = create(apiKey, Map.of("url", receiver.url(), "event_types", List.of("message.received")));
            assertThat(created.statusCode()).as(created.asString()).isEqualTo(201);
            assertThat(created.jsonPath().getMap("$")).containsOnlyKeys("id", "url", "event_types", "inbox_ids",
                    "status", "secret", "created_at");
            String webhook = created.path("id");
            String secret = created.path("secret");
            assertThat(secret).matches("whsec_[A-Za-z0-9+/=]{32}");
            assertThat(created.<String>path("status")).isEqualTo("enabled");

            String message = Api.recordMessage(apiKey, inbox, "Hooked", "hello");
            WebhookReceiver.Received request = receiver.next(WAIT);

            JsonNode event = Client.JSON.readTree(request.body());
            assertThat(event.path("type").asText()).isEqualTo("message.received");
            assertThat(event.path("data").path("id").asText()).isEqualTo(message);
            assertThat(request.header("webhook-id")).isEqualTo(event.path("id").asText());
            assertThat(request.header("content-type")).startsWith("application/json");
            long timestamp = Long.parseLong(request.header("webhook-timestamp"));
            assertThat(Math.abs(Instant.now().getEpochSecond() - timestamp)).isLessThan(30);
            assertThat(request.header("webhook-signature")).isEqualTo("v1," + sign(secret, request));
            JsonNode listed = Api.walk(apiKey, "/v1/events", Map.of("type", "message.received")).items().get(0);
            assertThat(event).isEqualTo(listed);

            JsonNode attempt = awaitAttempts(apiKey, webhook, 1).get(0);
            assertThat(attempt.fieldNames()).toIterable().containsExactlyInAnyOrder("id", "delivery_id", "event_id",
                    "attempt", "status_code", "latency_ms", "error", "created_at", "next_attempt_at");
            assertThat(attempt.path("event_id").asText()).isEqualTo(event.path("id").asText());
            assertThat(attempt.path("status_code").asInt()).isEqualTo(200);
            assertThat(attempt.path("attempt").asInt()).isEqualTo(1);
            assertThat(attempt.path("error").isNull()).isTrue();
            assertThat(attempt.path("next_attempt_at").isNull()).isTrue();
            Api.createInbox(apiKey, Map.of()); // inbox.created: not subscribed
            Thread.sleep(500);
            assertThat(receiver.drain()).isEmpty();
        }
    }

    @Test
    void failuresAreRetriedWithTheSameWebhookIdUntilOneSucceeds() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().answer(500, 503)) {
            String apiKey = Api.newAccount();
            String webhook = create(apiKey, Map.of("url", receiver.url(), "event_types", List.of("inbox.created")))
                    .path("id");
            Api.createInbox(apiKey, Map.of());

            List<WebhookReceiver.Received> requests = List.of(receiver.next(WAIT), receiver.next(WAIT),
                    receiver.next(WAIT));

            assertThat(requests).extracting(r -> r.header("webhook-id")).containsOnly(requests.get(0).header("webhook-id"));
            List<JsonNode> attempts = awaitAttempts(apiKey, webhook, 3);
            assertThat(attempts).extracting(a -> a.path("attempt").asInt()).containsExactly(3, 2, 1);
            assertThat(attempts).extracting(a -> a.path("status_code").asInt()).containsExactly(200, 503, 500);
            assertThat(attempts.get(2).path("next_attempt_at").isNull()).isFalse();
            assertThat(attempts.get(2).path("error").asText()).contains("500");
            assertThat(attempts).extracting(a -> a.path("delivery_id").asText()).containsOnly(
                    attempts.get(0).path("delivery_id").asText());
            JsonNode endpoint = Client.JSON.readTree(as(apiKey).get("/v1/webhooks/" + webhook).asString());
            assertThat(endpoint.path("failing_since").isNull()).isTrue();
        }
    }

    @Test
    void aDeliveryRetriedByHandIsSentAgainAndOneThatFailsEveryAttemptFails() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().otherwise(500)) {
            String apiKey = Api.newAccount();
            String webhook = create(apiKey, Map.of("url", receiver.url(), "event_types", List.of("inbox.created")))
                    .path("id");
            Api.createInbox(apiKey, Map.of());

            List<JsonNode> attempts = awaitAttempts(apiKey, webhook, 8); // the first and the seven retries
            Thread.sleep(800);
            assertThat(awaitAttempts(apiKey, webhook, 8)).hasSize(8);
            assertThat(attempts.get(0).path("next_attempt_at").isNull()).isTrue(); // failed: the schedule is over
            JsonNode endpoint = Client.JSON.readTree(as(apiKey).get("/v1/webhooks/" + webhook).asString());
            assertThat(endpoint.path("failing_since").isNull()).isFalse();
            assertThat(endpoint.path("status").asText()).isEqualTo("enabled"); // disabled only after 5 days

            receiver.otherwise(200);
            as(apiKey).post("/v1/webhooks/" + webhook + "/deliveries/" + attempts.get(3).path("id").asText()
                    + "/retry").then().statusCode(202);
            assertThat(awaitAttempts(apiKey, webhook, 9).get(0).path("status_code").asInt()).isEqualTo(200);
            assertProblem(as(apiKey).post("/v1/webhooks/" + webhook + "/deliveries/whd_00000000000000000000/retry"),
                    404, "not-found");
            assertProblem(as(apiKey).post("/v1/webhooks/" + webhook + "/deliveries/%00/retry"), 404, "not-found");
        }
    }

    @Test
    void a410DisablesTheEndpointAndASlowReceiverTimesOutThenSucceeds() throws Exception {
        try (WebhookReceiver gone = new WebhookReceiver().answer(410);
             WebhookReceiver slow = new WebhookReceiver().answerAfter(Duration.ofSeconds(3), 200)) {
            String apiKey = Api.newAccount();
            String goneHook = create(apiKey, Map.of("url", gone.url(), "event_types", List.of("inbox.created")))
                    .path("id");
            String slowHook = create(apiKey, Map.of("url", slow.url(), "event_types", List.of("inbox.created")))
                    .path("id");
            Api.createInbox(apiKey, Map.of());

            gone.next(WAIT);
            await(() -> as(apiKey).get("/v1/webhooks/" + goneHook).<String>path("status"), "disabled"::equals);
            assertThat(as(apiKey).get("/v1/webhooks/" + goneHook).<String>path("disabled_reason")).contains("410");
            List<JsonNode> slowAttempts = awaitAttempts(apiKey, slowHook, 2);
            assertThat(slowAttempts.get(1).path("status_code").isNull()).as(slowAttempts.toString()).isTrue();
            assertThat(slowAttempts.get(1).path("error").asText()).contains("no answer within 2 s");
            assertThat(slowAttempts.get(1).path("latency_ms").asLong()).isBetween(1_900L, 3_000L);
            assertThat(slowAttempts.get(0).path("status_code").asInt()).isEqualTo(200);

            Api.createInbox(apiKey, Map.of());
            slow.next(WAIT); // the timed-out request, which the receiver finished later
            slow.next(WAIT);
            Thread.sleep(500);
            assertThat(gone.drain()).isEmpty(); // disabled: nothing more is sent
            assertProblem(as(apiKey).post("/v1/webhooks/" + goneHook + "/deliveries/"
                    + awaitAttempts(apiKey, goneHook, 1).get(0).path("id").asText() + "/retry"), 409, "webhook-disabled");
            as(apiKey).contentType(ContentType.JSON).body(Map.of("status", "enabled"))
                    .patch("/v1/webhooks/" + goneHook).then().statusCode(200);
            Api.createInbox(apiKey, Map.of());
            gone.next(WAIT); // enabled again: new events are delivered
        }
    }

    @Test
    void aRotatedSecretSignsBesideTheNewOneAndEndpointsAreManagedLikeEveryResource() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            String apiKey = Api.newAccount();
            String inbox = Api.createInbox(apiKey, Map.of());
            Response created = create(apiKey, Map.of("url", receiver.url(), "event_types",
                    List.of("message.received", "message.received", "inbox.deleted"), "inbox_ids", List.of(inbox)));
            String webhook = created.path("id");
            assertThat(created.jsonPath().getList("event_types")).containsExactly("message.received", "inbox.deleted");
            String oldSecret = created.path("secret");

            Response rotated = as(apiKey).post("/v1/webhooks/" + webhook + "/rotate-secret");
            assertThat(rotated.statusCode()).isEqualTo(200);
            String newSecret = rotated.path("secret");
            assertThat(newSecret).isNotEqualTo(oldSecret);
            Api.recordMessage(apiKey, inbox, "Rotated", "x");
            WebhookReceiver.Received request = receiver.next(WAIT);
            assertThat(request.header("webhook-signature"))
                    .isEqualTo("v1," + sign(newSecret, request) + " v1," + sign(oldSecret, request));
            Api.recordMessage(apiKey, Api.createInbox(apiKey, Map.of()), "Elsewhere", "x"); // another inbox
            Thread.sleep(500);
            assertThat(receiver.drain()).isEmpty();

            Response changed = as(apiKey).contentType(ContentType.JSON)
                    .body(Map.of("status", "disabled", "event_types", List.of("inbox.created"), "inbox_ids", List.of()))
                    .patch("/v1/webhooks/" + webhook);
            assertThat(changed.statusCode()).as(changed.asString()).isEqualTo(200);
            assertThat(changed.jsonPath().getMap("$")).doesNotContainKey("secret");
            assertThat(changed.<String>path("status")).isEqualTo("disabled");
            assertThat(changed.jsonPath().getList("inbox_ids")).isEmpty();
            PageWalk walk = Api.walk(apiKey, "/v1/webhooks", Map.of("limit", 1));
            assertThat(walk.ids()).containsExactly(webhook);
            assertThat(walk.items().toString()).doesNotContain(newSecret).doesNotContain("secret");
            as(apiKey).delete("/v1/webhooks/" + webhook).then().statusCode(204);
            assertProblem(as(apiKey).get("/v1/webhooks/" + webhook), 404, "not-found");
            assertProblem(as(apiKey).delete("/v1/webhooks/" + webhook), 404, "not-found");
            assertProblem(as(Api.newAccount()).get("/v1/webhooks/" + webhook), 404, "not-found");
        }
    }

    @Test
    void anAccountHasAtMostTwentyEndpoints() {
        String apiKey = Api.newAccount();
        for (int i = 0; i < 20; i++) {
            create(apiKey, Map.of("url", "https://example.com/" + i, "event_types", List.of("inbox.created")))
                    .then().statusCode(201);
        }
        String detail = assertProblem(create(apiKey, Map.of("url", "https://example.com/21", "event_types",
                List.of("inbox.created"))), 409, "too-many-webhooks");
        assertThat(detail).contains("20");
        assertThat(Api.walk(apiKey, "/v1/webhooks", Map.of()).total()).isEqualTo(20);
    }

    @Test
    void badInputIsA400ProblemOnEveryRoute() {
        String apiKey = Api.newAccount();
        String other = Api.createInbox(Api.newAccount(), Map.of());
        List<Object> badUrls = List.of("ftp://example.com/x", "file:///etc/passwd", "https://user:pw@example.com/x",
                "https://example.com/" + "a".repeat(3000), "https://exa\u0000mple.com/", "https://\ud800.com/",
                "not a url", "https:///nohost", "https://example.com/#frag", "javascript:alert(1)", 42, "",
                "https://example.com:99999/", "gopher://example.com");
        for (Object url : badUrls) {
            assertProblem(create(apiKey, Map.of("url", url, "event_types", List.of("inbox.created"))), 400,
                    "invalid-request");
        }
        List<Map<String, Object>> badBodies = List.of(
                Map.of("url", "https://example.com/x"),
                Map.of("url", "https://example.com/x", "event_types", List.of()),
                Map.of("url", "https://example.com/x", "event_types", List.of("inbox.exploded")),
                Map.of("url", "https://example.com/x", "event_types", List.of("\u0000")),
                Map.of("url", "https://example.com/x", "event_types", "inbox.created"),
                Map.of("url", "https://example.com/x", "event_types", List.of(1)),
                Map.of("url", "https://example.com/x", "event_types", List.of("inbox.created"), "inbox_ids",
                        List.of(other)),
                Map.of("url", "https://example.com/x", "event_types", List.of("inbox.created"), "inbox_ids",
                        List.of("inb_\ud800")),
                Map.of("url", "https://example.com/x", "event_types", List.of("inbox.created"), "inbox_ids",
                        java.util.Collections.nCopies(101, "inb_00000000000000000000")),
                Map.of("url", "https://example.com/x", "event_types", List.of("inbox.created"), "secret", "mine"),
                Map.of("url", "https://example.com/x", "event_types", java.util.Collections.nCopies(50, "inbox.created")));
        for (Map<String, Object> body : badBodies) {
            assertProblem(create(apiKey, body), 400, "invalid-request");
        }
        assertProblem(as(apiKey).contentType(ContentType.JSON).body("{\"url\":").post("/v1/webhooks"), 400,
                "malformed-json");
        assertProblem(as(apiKey).contentType(ContentType.JSON).body("[]").post("/v1/webhooks"), 400, "invalid-request");
        String webhook = create(apiKey, Map.of("url", "https://example.com/ok", "event_types", List.of("inbox.created")))
                .path("id");
        for (Map<String, Object> change : List.<Map<String, Object>>of(Map.of("status", "paused"),
                Map.of("status", "\u0000"), Map.of("url", "gopher://[::1]/"), Map.of("unknown", 1),
                Map.of("event_types", List.of()))) {
            assertProblem(as(apiKey).contentType(ContentType.JSON).body(change).patch("/v1/webhooks/" + webhook), 400,
                    "invalid-request");
        }
        for (String id : List.of("wh_nope", "wh_%00", "x".repeat(500), "wh_00000000000000000000")) {
            assertProblem(as(apiKey).get("/v1/webhooks/" + id), 404, "not-found");
            assertProblem(as(apiKey).get("/v1/webhooks/" + id + "/deliveries"), 404, "not-found");
            assertProblem(as(apiKey).post("/v1/webhooks/" + id + "/rotate-secret"), 404, "not-found");
        }
        assertProblem(as(apiKey).queryParam("limit", 0).get("/v1/webhooks"), 400, "invalid-request");
        assertProblem(as(apiKey).queryParam("cursor", "x").get("/v1/webhooks/" + webhook + "/deliveries"), 400,
                "invalid-cursor");
    }

    static Response create(String apiKey, Map<String, ?> body) {
        return as(apiKey).contentType(ContentType.JSON).body(body).post("/v1/webhooks");
    }

    /** The endpoint's attempts, newest first, once there are at least {@code count}. */
    static List<JsonNode> awaitAttempts(String apiKey, String webhook, int count) {
        return await(() -> Api.walk(apiKey, "/v1/webhooks/" + webhook + "/deliveries", Map.of()).items(),
                items -> items.size() >= count);
    }

    /** Asks until the answer passes, for up to {@link #WAIT}. */
    static <T> T await(Supplier<T> ask, Predicate<T> passes) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        T answer = ask.get();
        while (!passes.test(answer)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still " + answer + " after " + WAIT);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            answer = ask.get();
        }
        return answer;
    }

    /** The Standard Webhooks signature of a request, computed here independently of the service. */
    static String sign(String secret, WebhookReceiver.Received request) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        byte[] signed = mac.doFinal((request.header("webhook-id") + "." + request.header("webhook-timestamp") + "."
                + request.body()).getBytes(StandardCharsets.UTF_8));
        return Base64.getEncoder().encodeToString(signed);
    }
}
