package dev.inboxes.app.webhook;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.webhook.WebhooksTest.awaitAttempts;
import static dev.inboxes.app.webhook.WebhooksTest.create;
import static dev.inboxes.app.webhook.WebhooksTest.sign;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.WebhookReceiver;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Webhooks over TLS to receivers on loopback with self-signed certificates: one the deployment trusts
 * ({@code inboxes.webhooks.trust-certificates}) gets signed requests; one it does not trust gets none, each attempt
 * is recorded with a TLS error naming the setting, and the delivery is retried, not lost.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@WithTestResource(WebhookTlsResource.class)
class WebhookTlsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void anEndpointWithATrustedCertificateGetsSignedRequests() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.https(
                WebhookTlsResource.certificate("trusted").serverContext())) {
            String apiKey = Api.newAccount();
            Response created = create(apiKey, Map.of("url", receiver.url(), "event_types", List.of("inbox.created")));
            assertThat(created.statusCode()).as(created.asString()).isEqualTo(201);
            String inbox = Api.createInbox(apiKey, Map.of());

            WebhookReceiver.Received request = receiver.next(WAIT);

            assertThat(receiver.url()).startsWith("https://localhost:");
            assertThat(request.body()).contains(inbox);
            assertThat(request.header("webhook-signature")).isEqualTo("v1," + sign(created.path("secret"), request));
            JsonNode attempt = awaitAttempts(apiKey, created.path("id"), 1).get(0);
            assertThat(attempt.path("status_code").asInt()).isEqualTo(200);
        }
    }

    @Test
    void anUntrustedCertificateFailsEachAttemptWithATlsErrorAndTheDeliveryIsRetried() throws Exception {
        try (WebhookReceiver untrusted = WebhookReceiver.https(
                     WebhookTlsResource.certificate("untrusted").serverContext());
             WebhookReceiver trusted = WebhookReceiver.https(
                     WebhookTlsResource.certificate("trusted").serverContext())) {
            String apiKey = Api.newAccount();
            Response created = create(apiKey, Map.of("url", untrusted.url(), "event_types", List.of("inbox.created")));
            String webhook = created.path("id");
            Api.createInbox(apiKey, Map.of());

            JsonNode failed = awaitAttempts(apiKey, webhook, 1).get(0);
            System.out.println("Webhook to an untrusted certificate, recorded: " + failed.path("error").asText());
            assertThat(failed.path("status_code").isNull()).as(failed.toString()).isTrue();
            assertThat(failed.path("error").asText()).startsWith("TLS with localhost failed")
                    .contains("inboxes.webhooks.trust-certificates").contains("PKIX path");
            assertThat(failed.path("next_attempt_at").isNull()).as("retried").isFalse();
            assertThat(untrusted.drain()).as("no request got past the handshake").isEmpty();

            // The endpoint moves to a certificate the deployment trusts: the next retry of the same delivery lands.
            as(apiKey).contentType(ContentType.JSON).body(Map.of("url", trusted.url()))
                    .patch("/v1/webhooks/" + webhook).then().statusCode(200);
            WebhookReceiver.Received request = trusted.next(WAIT);

            assertThat(request.header("webhook-id")).isEqualTo(failed.path("event_id").asText());
            assertThat(request.header("webhook-signature")).isEqualTo("v1," + sign(created.path("secret"), request));
            List<JsonNode> attempts = WebhooksTest.await(
                    () -> Api.walk(apiKey, "/v1/webhooks/" + webhook + "/deliveries", Map.of()).items(),
                    items -> items.get(0).path("status_code").asInt() == 200);
            assertThat(attempts).extracting(a -> a.path("delivery_id").asText())
                    .containsOnly(failed.path("delivery_id").asText());
            assertThat(attempts.get(0).path("attempt").asInt()).isGreaterThan(1);
            assertThat(attempts.subList(1, attempts.size())).allSatisfy(attempt ->
                    assertThat(attempt.path("error").asText()).startsWith("TLS with localhost failed"));
        }
    }
}
