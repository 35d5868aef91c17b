package dev.inboxes.app.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.PageWalk;
import dev.inboxes.app.support.WebhookReceiver;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * At-least-once, by killing: two replicas of the packaged app deliver one webhook outbox to a real receiver on
 * loopback that takes its time over each request; one replica is SIGKILLed mid-delivery. Every change has its event,
 * every event reaches the receiver, and a repeat can only be one the killed replica was sending at that moment
 * (same webhook-id, same body).
 */
class WebhookKillIT {

    private static final int CHANGES = 120;
    private static final int WORKERS = 4;
    private static final Duration RECEIVER_TAKES = Duration.ofMillis(150);

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void aReplicaKilledMidDeliveryLosesNoEventAndRepeatsOnlyWhatItWasSending() throws Exception {
        Map<String, String> settings = new HashMap<>(Map.of(
                "INBOXES_WEBHOOKS_ALLOW_HTTP", "true",
                "INBOXES_WEBHOOKS_ALLOW_PRIVATE", "true",
                "INBOXES_WEBHOOKS_WORKERS", String.valueOf(WORKERS),
                "INBOXES_WEBHOOKS_TIMEOUT", "2S",
                "INBOXES_WEBHOOKS_LEASE", "4S",
                "INBOXES_WEBHOOKS_POLL_EVERY", "0.2S"));
        try (WebhookReceiver receiver = new WebhookReceiver().otherwiseAfter(RECEIVER_TAKES);
             AppProcess a = deployment.startApp("a", settings); AppProcess b = deployment.startApp("b", settings)) {
            Client client = new Client(Client.newAccount(a.baseUrl));
            HttpResponse<String> webhook = client.send("POST", a.baseUrl + "/v1/webhooks", "{\"url\":\""
                    + receiver.url() + "\",\"event_types\":[\"inbox.created\"]}", null);
            assertThat(webhook.statusCode()).as(webhook.body()).isEqualTo(201);
            List<String> created = new ArrayList<>();
            for (int i = 0; i < CHANGES; i++) {
                created.add(client.createInbox(i % 2 == 0 ? a.baseUrl : b.baseUrl));
            }

            Map<String, List<WebhookReceiver.Received>> byEvent = new TreeMap<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (byEvent.size() < CHANGES / 4 && System.nanoTime() < deadline) {
                take(receiver, byEvent);
            }
            int beforeKill = byEvent.size();
            assertThat(beforeKill).as("the receiver is still receiving when the replica dies")
                    .isBetween(CHANGES / 4, CHANGES - 1);
            a.kill();

            PageWalk events = client.walk(page -> b.baseUrl, "/v1/events?type=inbox.created&limit=200");
            assertThat(events.items()).extracting(e -> e.path("inbox_id").asText())
                    .as("one event per change").containsExactlyInAnyOrderElementsOf(created);
            Set<String> eventIds = Set.copyOf(events.ids());
            deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (!byEvent.keySet().containsAll(eventIds) && System.nanoTime() < deadline) {
                take(receiver, byEvent);
            }
            List<String> repeated = byEvent.entrySet().stream().filter(e -> e.getValue().size() > 1)
                    .map(Map.Entry::getKey).toList();
            System.out.printf("Webhook kill: %d changes, %d events, %d delivered, %d requests in all, %d repeated %s; "
                            + "replica A killed after %d had arrived%n", created.size(), eventIds.size(), byEvent.size(),
                    byEvent.values().stream().mapToInt(List::size).sum(), repeated.size(), repeated, beforeKill);

            assertThat(byEvent.keySet()).as("every event was delivered").containsAll(eventIds);
            assertThat(repeated.size()).as("repeats: at most one per worker the killed replica ran")
                    .isLessThanOrEqualTo(WORKERS);
            for (String id : repeated) {
                assertThat(byEvent.get(id)).extracting(WebhookReceiver.Received::body)
                        .containsOnly(byEvent.get(id).get(0).body());
            }
        }
    }

    private static void take(WebhookReceiver receiver, Map<String, List<WebhookReceiver.Received>> byEvent)
            throws InterruptedException {
        for (WebhookReceiver.Received request : receiver.drain()) {
            byEvent.computeIfAbsent(request.header("webhook-id"), id -> new ArrayList<>()).add(request);
        }
        Thread.sleep(20);
    }
}
