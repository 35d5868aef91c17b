package dev.inboxes.app.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.RelaySink;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL stops while the outbox is delivering and while programs keep sending, then comes back. A send during the
 * outage is never acknowledged ({@code 503}); the workers outlive the outage without a restart; every send that was
 * acknowledged, before the outage or after it with the key it failed with, reaches the relay, and a copy is repeated
 * only when the relay had taken it while its {@code 250} could not be recorded, with the same Message-ID.
 */
class OutboxDatabaseOutageIT {

    private static final int BEFORE = 60;
    private static final int WORKERS = 2;
    private static final Duration RELAY_TAKES = Duration.ofMillis(100);
    private static final Duration LEASE = Duration.ofSeconds(3);

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void sendsDuringAnOutageAreRefusedAndEveryAcknowledgedOneIsDeliveredAfterIt() throws Exception {
        RelaySink relay = new RelaySink(RELAY_TAKES);
        Map<String, String> relaySettings = relay.startForApp(WORKERS, LEASE);
        ItPostgres database = deployment.database();
        try (AppProcess app = deployment.startApp(relaySettings)) {
            Client client = new Client(Client.newAccount(app.baseUrl));
            String inboxId = client.createInbox(app.baseUrl);
            String sendUrl = app.baseUrl + "/v1/inboxes/" + inboxId + "/messages/send";
            Map<String, String> acknowledged = new LinkedHashMap<>(); // key -> Message-ID
            for (int i = 0; i < BEFORE; i++) {
                HttpResponse<String> sent = client.send("POST", sendUrl, body(i), "outage-" + i);
                assertThat(sent.statusCode()).as(sent.body()).isEqualTo(202);
                acknowledged.put("outage-" + i, messageIdOf(sent));
            }
            awaitRelayed(Set.copyOf(acknowledged.values()), 5, Duration.ofSeconds(30));

            database.stop();
            app.awaitReadiness(503, Duration.ofSeconds(15));
            Map<String, Integer> duringOutage = new HashMap<>();
            List<String> refusedKeys = new ArrayList<>();
            for (int i = BEFORE; i < BEFORE + 10; i++) {
                long start = System.nanoTime();
                HttpResponse<String> sent = client.send("POST", sendUrl, body(i), "outage-" + i);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no send hangs").isLessThan(
                        Duration.ofSeconds(15));
                duringOutage.merge(String.valueOf(sent.statusCode()), 1, Integer::sum);
                refusedKeys.add("outage-" + i);
            }
            Thread.sleep(LEASE.multipliedBy(2).toMillis()); // the workers meet the outage, and their claims expire
            database.start();
            app.awaitReadiness(200, Duration.ofSeconds(60));
            for (String key : refusedKeys) { // clients retry what failed, with its key
                int i = Integer.parseInt(key.substring("outage-".length()));
                HttpResponse<String> sent = client.send("POST", sendUrl, body(i), key);
                assertThat(sent.statusCode()).as(sent.body()).isEqualTo(202);
                acknowledged.put(key, messageIdOf(sent));
            }

            Map<String, List<RelaySink.Received>> byMessageId = RelaySink.awaitAll(Set.copyOf(acknowledged.values()),
                    Duration.ofSeconds(90));
            List<String> duplicated = acknowledged.values().stream().filter(id -> byMessageId.get(id).size() > 1)
                    .toList();
            System.out.printf("Outbox outage: %d acknowledged (202), %d delivered, %d duplicated; answers during the "
                    + "outage %s%n", acknowledged.size(), acknowledged.values().stream()
                    .filter(byMessageId::containsKey).count(), duplicated.size(), duringOutage);

            assertThat(duringOutage).as("no send acknowledged while the database is down").containsOnlyKeys("503");
            assertThat(byMessageId.keySet()).as("every acknowledged send was delivered")
                    .containsAll(acknowledged.values());
            assertThat(duplicated.size()).as("a copy repeated only for a 250 the outage kept from being recorded, "
                    + "at most one per worker").isLessThanOrEqualTo(WORKERS);
            assertThat(client.get(app.baseUrl + "/v1/inboxes/" + inboxId + "/messages?limit=1").path("total").asLong())
                    .as("one stored message per key").isEqualTo(BEFORE + 10);
        } finally {
            relay.stop();
        }
    }

    private static String body(int i) {
        return "{\"to\":[\"r" + i + "@example.com\"],\"subject\":\"Outage " + i + "\",\"text\":\"x\"}";
    }

    private static String messageIdOf(HttpResponse<String> sent) throws Exception {
        return Client.JSON.readTree(sent.body()).path("message_id_header").asText();
    }

    /** Waits until at least {@code count} of the messages reached the relay, and fewer than all of them. */
    private static void awaitRelayed(Set<String> messageIds, int count, Duration patience) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        long relayed;
        do {
            relayed = RelaySink.received().stream().map(RelaySink.Received::messageId).filter(messageIds::contains)
                    .distinct().count();
            if (relayed >= count) {
                assertThat(relayed).as("the outbox is still delivering when the database stops")
                        .isLessThan(messageIds.size());
                return;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("only " + relayed + " messages reached the relay in " + patience);
    }
}
