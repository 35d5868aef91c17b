package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.Workers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL stops in the middle of a load of creates and page reads, then comes back. Requests get 503
 * problems meanwhile (never a 500, never a hang), readiness goes down and up again, the app serves again
 * without a restart, and no create a client saw acknowledged is lost or duplicated.
 */
class DatabaseOutageIT {

    private static final int WORKERS = 6;

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void anOutageIsA503AndRecoveryNeedsNoRestartAndLosesNothing() throws Exception {
        ItPostgres database = deployment.database();
        try (AppProcess app = deployment.startApp()) {
            String apiKey = Client.newAccount(app.baseUrl);
            Client client = new Client(apiKey);
            String mcpSession = client.mcpSession(app.baseUrl);
            Load load = new Load(app.baseUrl, client);
            load.start();

            Thread.sleep(3_000);
            database.stop();
            long stopped = System.nanoTime();
            app.awaitReadiness(503, Duration.ofSeconds(15));
            long readinessDown = (System.nanoTime() - stopped) / 1_000_000;
            Thread.sleep(4_000);
            HttpResponse<String> toolDuringOutage = client.mcp(app.baseUrl, """
                    {"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_inboxes","arguments":{"q":"x"}}}""",
                    mcpSession);
            database.start();
            long restarted = System.nanoTime();
            app.awaitReadiness(200, Duration.ofSeconds(60));
            long readinessUp = (System.nanoTime() - restarted) / 1_000_000;
            int acknowledgedBeforeRecovery = load.created.size();
            Thread.sleep(4_000);
            load.stop();
            System.out.printf("Outage: readiness down %d ms after PostgreSQL stopped, up %d ms after it restarted; "
                    + "%d creates acknowledged, %d answers were 503, slowest request %d ms, %d unexpected%n",
                    readinessDown, readinessUp, load.created.size(), load.unavailable.get(), load.slowestMillis.get(),
                    load.unexpected.size());

            assertThat(load.unexpected).as("statuses other than 200, 201 and 503, or transport failures").isEmpty();
            assertThat(load.slowestMillis.get()).as("no request hangs").isLessThan(15_000);
            assertThat(load.unavailable.get()).as("503 problems during the outage").isPositive();
            assertThat(load.created.size()).as("creates succeed again after recovery").isGreaterThan(acknowledgedBeforeRecovery);
            assertThat(Client.JSON.readTree(toolDuringOutage.body()).at("/result/isError").asBoolean()).isTrue();
            assertThat(toolDuringOutage.body()).contains("database is unavailable");

            // Clients retry the creates that failed, with their keys: each key ends with exactly one inbox.
            for (String key : load.failedKeys) {
                load.created.put(key, client.createInbox(app.baseUrl, key));
            }
            Set<String> stored = allInboxIds(client, app.baseUrl);
            assertThat(stored).containsAll(load.created.values());
            assertThat(stored).hasSize(load.created.size());
        }
    }

    private static Set<String> allInboxIds(Client client, String baseUrl) throws Exception {
        List<String> ids = client.walk(index -> baseUrl, "/v1/inboxes?limit=200").ids();
        assertThat(ids).doesNotHaveDuplicates();
        return Set.copyOf(ids);
    }


    /** Workers that create (with an Idempotency-Key) and read pages until stopped, recording every outcome. */
    private static final class Load {

        final Map<String, String> created = new ConcurrentHashMap<>();
        final ConcurrentLinkedQueue<String> failedKeys = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
        final AtomicLong unavailable = new AtomicLong();
        final AtomicLong slowestMillis = new AtomicLong();
        private final String baseUrl;
        private final Client client;
        private Workers workers;

        Load(String baseUrl, Client client) {
            this.baseUrl = baseUrl;
            this.client = client;
        }

        void start() {
            workers = Workers.start(WORKERS, "outage-load", (worker, round) -> createAndList());
        }

        void stop() throws InterruptedException {
            workers.stop();
        }

        private void createAndList() {
            String key = UUID.randomUUID().toString();
            HttpResponse<String> create = timed("POST", "/v1/inboxes", key);
            if (create != null && create.statusCode() == 201) {
                created.put(key, id(create));
            } else if (create != null) {
                failedKeys.add(key);
            }
            timed("GET", "/v1/inboxes?limit=20", null);
        }

        private HttpResponse<String> timed(String method, String path, String key) {
            long started = System.nanoTime();
            try {
                HttpResponse<String> response = client.send(method, baseUrl + path, method.equals("POST") ? "{}" : null, key);
                slowestMillis.accumulateAndGet((System.nanoTime() - started) / 1_000_000, Math::max);
                int status = response.statusCode();
                if (status == 503) {
                    unavailable.incrementAndGet();
                    if (!response.body().contains("/problems/unavailable")
                            || response.headers().firstValue("Retry-After").isEmpty()) {
                        unexpected.add("503 without a problem or Retry-After: " + response.body());
                    }
                } else if (status != 200 && status != 201) {
                    unexpected.add(method + " " + path + " -> " + status + " " + response.body());
                }
                return response;
            } catch (Exception e) {
                unexpected.add(method + " " + path + " failed: " + e);
                return null;
            }
        }

        private static String id(HttpResponse<String> response) {
            try {
                return Client.JSON.readTree(response.body()).path("id").asText();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
