package dev.inboxes.app.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.WebhookReceiver;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.sdk.ConflictException;
import dev.inboxes.sdk.Event;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.ListEventsParams;
import dev.inboxes.sdk.NotFoundException;
import dev.inboxes.sdk.Page;
import dev.inboxes.sdk.ValidationException;
import dev.inboxes.sdk.Webhook;
import dev.inboxes.sdk.WebhookDelivery;
import dev.inboxes.sdk.WebhookParams;
import dev.inboxes.sdk.WebhookVerificationException;
import dev.inboxes.sdk.WebhookWithSecret;
import dev.inboxes.sdk.Webhooks;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SDK's events list (both forms), webhook management and its verifier, against the real service. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class SdkEventsTest {

    @Test
    void listsEventsInBothFormsManagesWebhooksAndVerifiesWhatTheyReceive() throws Exception {
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl())
                .apiKey(InboxesClient.createAccount(Api.baseUrl()).apiKey()).build();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            WebhookWithSecret created = client.createWebhook(WebhookParams.of(receiver.url(), "inbox.created"));
            assertThat(created.secret()).startsWith("whsec_");
            for (int i = 0; i < 5; i++) {
                client.createInbox();
            }

            Page<Event> first = client.listEventsPage(ListEventsParams.builder().limit(2).build());
            assertThat(first.data()).hasSize(2);
            assertThat(first.total()).hasValue(5L);
            List<Event> all = client.iterateEvents(ListEventsParams.builder().type("inbox.created").limit(2).build())
                    .toList();
            assertThat(all).hasSize(5).extracting(Event::type).containsOnly("inbox.created");
            assertThat(client.listEvents()).extracting(Event::id).isEqualTo(all.stream().map(Event::id).toList());
            assertThat(all.get(0).data().path("address").asText()).endsWith("@inboxes.test");

            WebhookReceiver.Received request = receiver.next(Duration.ofSeconds(20));
            Map<String, String> headers = request.headers();
            assertThat(Webhooks.verify(request.body(), headers, created.secret())).isEqualTo(request.body());
            assertThatThrownBy(() -> Webhooks.verify(request.body().replace("inbox", "INBOX"), headers,
                    created.secret())).isInstanceOf(WebhookVerificationException.class);

            WebhookWithSecret rotated = client.rotateWebhookSecret(created.id());
            for (int i = 1; i < 5; i++) {
                receiver.next(Duration.ofSeconds(20)); // the rest signed before the rotation
            }
            client.createInbox();
            WebhookReceiver.Received afterRotation = receiver.next(Duration.ofSeconds(20));
            assertThat(Webhooks.verify(afterRotation.body(), afterRotation.headers(), rotated.secret())).isNotNull();
            assertThat(Webhooks.verify(afterRotation.body(), afterRotation.headers(), created.secret())).isNotNull();

            Webhook disabled = client.updateWebhook(created.id(), WebhookParams.status("disabled"));
            assertThat(disabled.status()).isEqualTo("disabled");
            assertThat(client.listWebhooks()).extracting(Webhook::id).containsExactly(created.id());
            List<WebhookDelivery> deliveries = client.iterateWebhookDeliveries(created.id(), null).toList();
            assertThat(deliveries).isNotEmpty().allSatisfy(d -> assertThat(d.statusCode()).isEqualTo(200));
            assertThatThrownBy(() -> client.retryWebhookDelivery(created.id(), deliveries.get(0).deliveryId()))
                    .isInstanceOf(ConflictException.class);
            client.updateWebhook(created.id(), WebhookParams.status("enabled"));
            client.retryWebhookDelivery(created.id(), deliveries.get(0).deliveryId());
            assertThatThrownBy(() -> client.createWebhook(WebhookParams.of("ftp://example.com", "inbox.created")))
                    .isInstanceOf(ValidationException.class);
            client.deleteWebhook(created.id());
            assertThatThrownBy(() -> client.getWebhook(created.id())).isInstanceOf(NotFoundException.class);
        }
    }
}
