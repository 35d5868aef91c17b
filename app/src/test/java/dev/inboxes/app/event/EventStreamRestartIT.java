package dev.inboxes.app.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.SseStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stream resumed across a replica's death: a client reads an event from replica A, A is SIGKILLed, the account
 * changes on replica B meanwhile, and a new replica continues from the client's Last-Event-ID with exactly the events
 * it missed, in order, then the live ones.
 */
class EventStreamRestartIT {

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void aStreamResumedOnAnotherReplicaAfterAKillMissesNothingAndRepeatsNothing() throws Exception {
        AppProcess a = deployment.startApp("a", Map.of());
        try (AppProcess b = deployment.startApp("b", Map.of())) {
            Client client = new Client(Client.newAccount(a.baseUrl));
            String seen;
            try (SseStream stream = SseStream.open(a.baseUrl, client.apiKey(), null, "")) {
                client.createInbox(a.baseUrl);
                seen = stream.next().id();
                a.kill();
            }
            List<String> missed = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                missed.add(client.createInbox(b.baseUrl));
            }

            try (AppProcess again = deployment.startApp("a2", Map.of());
                 SseStream resumed = SseStream.open(again.baseUrl, client.apiKey(), seen, "")) {
                List<String> inboxes = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    inboxes.add(Client.JSON.readTree(resumed.next().data()).path("inbox_id").asText());
                }
                assertThat(inboxes).containsExactlyElementsOf(missed);
                String live = client.createInbox(b.baseUrl);
                assertThat(Client.JSON.readTree(resumed.next().data()).path("inbox_id").asText()).isEqualTo(live);
                assertThat(resumed.poll(Duration.ofMillis(500))).isNull();
            }
        } finally {
            a.close();
        }
    }
}
