package dev.inboxes.app.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.RelaySink;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * At-least-once, by killing: two replicas of the packaged app deliver one outbox to a real SMTP relay that takes
 * its time over each message; one replica is SIGKILLed mid-batch. Every accepted message is delivered, and a
 * duplicate can only be one the killed replica was handing over at that moment (the relay had the message, the
 * replica had not recorded its 250), with the same Message-ID and the same bytes.
 */
class OutboxKillIT {

    private static final int MESSAGES = 240;
    private static final int WORKERS = 4;
    private static final Duration RELAY_TAKES = Duration.ofMillis(300);
    private static final Duration LEASE = Duration.ofSeconds(4);

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void aReplicaKilledMidBatchLosesNoDeliveryAndDuplicatesOnlyWhatItWasHandingOver() throws Exception {
        RelaySink relay = new RelaySink(RELAY_TAKES);
        Map<String, String> settings = new HashMap<>(relay.startForApp(WORKERS, LEASE));
        settings.put("INBOXES_OUTBOUND_SENDS_PER_INBOX_PER_HOUR", String.valueOf(MESSAGES));
        try {
            try (AppProcess a = deployment.startApp("a", settings); AppProcess b = deployment.startApp("b", settings)) {
                Client client = new Client(Client.newAccount(a.baseUrl));
                String inboxId = client.createInbox(a.baseUrl);
                List<String> accepted = new ArrayList<>();
                for (int i = 0; i < MESSAGES; i++) {
                    String base = i % 2 == 0 ? a.baseUrl : b.baseUrl;
                    HttpResponse<String> sent = client.send("POST", base + "/v1/inboxes/" + inboxId + "/messages/send",
                            "{\"to\":[\"r" + i + "@example.com\"],\"subject\":\"Batch " + i + "\",\"text\":\"x\"}",
                            "kill-" + i);
                    assertThat(sent.statusCode()).as(sent.body()).isEqualTo(202);
                    accepted.add(Client.JSON.readTree(sent.body()).path("message_id_header").asText());
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (RelaySink.received().size() < MESSAGES / 4 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                int beforeKill = RelaySink.received().size();
                assertThat(beforeKill).as("the relay is still receiving when the replica dies")
                        .isBetween(MESSAGES / 4, MESSAGES - 1);
                a.kill();

                Map<String, List<RelaySink.Received>> byMessageId = RelaySink.awaitAll(Set.copyOf(accepted),
                        Duration.ofSeconds(90));
                int received = byMessageId.values().stream().mapToInt(List::size).sum();
                List<String> duplicated = byMessageId.entrySet().stream().filter(e -> e.getValue().size() > 1)
                        .map(Map.Entry::getKey).toList();
                System.out.printf("Outbox kill: %d accepted (202), %d delivered to the relay, %d received in all, "
                        + "%d duplicated %s; replica A killed after %d had arrived%n", accepted.size(),
                        byMessageId.size(), received, duplicated.size(), duplicated, beforeKill);

                assertThat(byMessageId.keySet()).as("every accepted message was delivered")
                        .containsExactlyInAnyOrderElementsOf(accepted);
                assertThat(duplicated.size()).as("duplicates: at most one per worker the killed replica ran")
                        .isLessThanOrEqualTo(WORKERS);
                for (String messageId : duplicated) {
                    List<RelaySink.Received> copies = byMessageId.get(messageId);
                    // The same bytes, after the Received line the relay itself adds to each copy.
                    assertThat(copies).extracting(copy -> copy.text().substring(copy.text().indexOf("DKIM-Signature:")))
                            .containsOnly(copies.get(0).text().substring(copies.get(0).text().indexOf("DKIM-Signature:")));
                }
                JsonNode list = client.get(b.baseUrl + "/v1/inboxes/" + inboxId + "/messages?limit=1");
                assertThat(list.path("total").asLong()).isEqualTo(MESSAGES);
                String anyId = list.path("data").path(0).path("id").asText();
                JsonNode delivered = awaitStatus(client, b.baseUrl + "/v1/inboxes/" + inboxId + "/messages/" + anyId);
                assertThat(delivered.at("/deliveries/0/smtp_reply").asText()).startsWith("250");
            }
        } finally {
            relay.stop();
        }
    }

    private static JsonNode awaitStatus(Client client, String url) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonNode message;
        do {
            message = client.get(url);
            if ("sent".equals(message.at("/deliveries/0/status").asText())) {
                return message;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        return message;
    }
}
