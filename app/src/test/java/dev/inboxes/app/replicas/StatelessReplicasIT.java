package dev.inboxes.app.replicas;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.PageWalk;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replicas keep no state: two instances on one database continue each other's cursors, and a rotation of the
 * cursor secret (new secret active on one replica, old one still accepted) breaks no walk in flight.
 */
class StatelessReplicasIT {

    private static final String OLD_SECRET = "the-old-cursor-secret-0123456789abcdef";
    private static final String NEW_SECRET = "the-new-cursor-secret-fedcba9876543210";
    private static final int INBOXES = 300;

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void aWalkAlternatingBetweenReplicasMidRotationSeesEveryInboxOnce() throws Exception {
        // Mid-rotation: A still signs with the old secret but accepts the new one; B signs with the new one.
        try (AppProcess a = deployment.startApp("a", replica(OLD_SECRET, NEW_SECRET));
             AppProcess b = deployment.startApp("b", replica(NEW_SECRET, OLD_SECRET))) {
            String apiKey = Client.newAccount(a.baseUrl);
            Client client = new Client(apiKey);
            for (int i = 0; i < INBOXES; i++) {
                assertThat(client.send("POST", (i % 2 == 0 ? a : b).baseUrl + "/v1/inboxes", "{}", null).statusCode())
                        .isEqualTo(201);
            }

            PageWalk walk = client.walk(page -> (page % 2 == 0 ? a : b).baseUrl, "/v1/inboxes?limit=37");
            assertThat(walk.ids()).hasSize(INBOXES).doesNotHaveDuplicates();

            // After the grace period a replica that knows only the new secret refuses old cursors cleanly.
            String oldCursor = client.get(a.baseUrl + "/v1/inboxes?limit=5").path("cursor").asText();
            try (AppProcess c = deployment.startApp("c", replica(NEW_SECRET, null))) {
                HttpResponse<String> refused = client.send("GET", c.baseUrl + "/v1/inboxes?limit=5&cursor=" + oldCursor,
                        null, null);
                assertThat(refused.statusCode()).isEqualTo(400);
                assertThat(refused.body()).contains("invalid-cursor").contains("no longer accepts");
            }
        }
    }

    private static Map<String, String> replica(String secret, String retired) {
        Map<String, String> settings = new HashMap<>();
        settings.put("INBOXES_CURSOR_SECRET", secret);
        if (retired != null) {
            settings.put("INBOXES_CURSOR_RETIRED_SECRETS", retired);
        }
        return settings;
    }
}
