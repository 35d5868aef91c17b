package dev.inboxes.app.replicas;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.Mail;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Waits across replicas, on the packaged app: an agent waits on replica A while SMTP delivers to replica B (two app
 * processes on one PostgreSQL, woken through LISTEN/NOTIFY), the per-account cap, and a database restart in the
 * middle of a wait.
 */
class WaitAcrossReplicasIT {

    private static final int ROUNDS = 7;
    private static final int CAP = 3;

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aWaitOnOneReplicaEndsWithTheMessageAnotherReceivedAlsoThroughADatabaseRestart() throws Exception {
        int smtpPort = AppProcess.freePort();
        try (AppProcess a = deployment.startApp("a", Map.of("INBOXES_WAITS_MAX_PER_ACCOUNT", String.valueOf(CAP)));
             AppProcess b = deployment.startApp("b", Map.of("INBOXES_SMTP_PORT", String.valueOf(smtpPort)))) {
            String apiKey = Client.newAccount(a.baseUrl);
            String username = "replicas-" + System.nanoTime();
            String inboxId = new Client(apiKey).createInboxFrom(a.baseUrl, Map.of("username", username));
            String address = username + "@inboxes.test";

            String since = agentWaitsOnAWhileBReceives(a, apiKey, inboxId, address, smtpPort);
            waitsAreCappedPerAccount(a, apiKey, inboxId);
            aWaitSurvivesADatabaseRestart(deployment.database(), a, apiKey, inboxId, address, smtpPort, since);
        }
    }

    /** @return the next of the last wait */
    private String agentWaitsOnAWhileBReceives(AppProcess a, String apiKey, String inboxId, String address,
            int smtpPort) throws Exception {
        List<Double> wakes = new ArrayList<>();
        try (Agent agent = Agent.connect(a.baseUrl, apiKey, Duration.ofSeconds(90))) {
            CallToolResult start = agent.attempt("wait_for_message", Map.of("inbox_id", inboxId, "timeout_seconds", 1));
            assertThat(Agent.structured(start).get("timed_out")).isEqualTo(true);
            String since = (String) Agent.structured(start).get("next");
            for (int round = 0; round < ROUNDS; round++) {
                Map<String, Object> arguments = Map.of("inbox_id", inboxId, "since", since, "timeout_seconds", 30);
                CompletableFuture<CallToolResult> result = CompletableFuture.supplyAsync(
                        () -> agent.attempt("wait_for_message", arguments));
                Thread.sleep(500); // registered on A by now (if not, its first look finds the message anyway)
                Mail sent = Mail.from("no-reply@service.example", address, "Your code, round " + round)
                        .saying("Your verification code is " + (100000 + round) + ".").send(smtpPort);
                long acknowledged = System.nanoTime();
                CallToolResult arrived = result.get(60, TimeUnit.SECONDS);
                wakes.add((System.nanoTime() - acknowledged) / 1e6);

                assertThat(arrived.isError()).as(Agent.text(arrived, 0)).isFalse();
                Map<?, ?> message = (Map<?, ?>) Agent.structured(arrived).get("message");
                assertThat(message.get("subject")).isEqualTo(sent.subject());
                assertThat((String) message.get("text")).contains(String.valueOf(100000 + round));
                since = (String) Agent.structured(arrived).get("next");
            }
            List<Double> sorted = wakes.stream().sorted().toList();
            System.out.printf("MCP wait on replica A, SMTP to replica B: SMTP 250 to tool result, %d rounds: median "
                    + "%.1f ms, max %.1f ms (%s)%n", ROUNDS, sorted.get(ROUNDS / 2), sorted.get(ROUNDS - 1), wakes);
            return since;
        }
    }

    private void waitsAreCappedPerAccount(AppProcess a, String apiKey, String inboxId) throws Exception {
        List<CompletableFuture<HttpResponse<String>>> open = new ArrayList<>();
        for (int i = 0; i < CAP; i++) {
            open.add(http.sendAsync(wait(a, apiKey, inboxId, "?timeout=4"), HttpResponse.BodyHandlers.ofString()));
        }
        Thread.sleep(1_000);

        HttpResponse<String> refused = http.send(wait(a, apiKey, inboxId, "?timeout=4"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        JsonNode problem = Client.JSON.readTree(refused.body());
        assertThat(problem.path("type").asText()).endsWith("/too-many-waits");
        assertThat(problem.path("detail").asText()).contains(CAP + " waits in progress");
        try (Agent agent = Agent.connect(a.baseUrl, apiKey, Duration.ofSeconds(30))) {
            CallToolResult tool = agent.attempt("wait_for_message", Map.of("inbox_id", inboxId, "timeout_seconds", 1));
            assertThat(tool.isError()).isTrue();
            assertThat(Agent.text(tool, 0)).contains("waits in progress");
        }
        for (CompletableFuture<HttpResponse<String>> each : open) {
            assertThat(Client.JSON.readTree(each.get(30, TimeUnit.SECONDS).body()).path("timed_out").asBoolean())
                    .isTrue();
        }
        HttpResponse<String> again = http.send(wait(a, apiKey, inboxId, "?timeout=1"),
                HttpResponse.BodyHandlers.ofString());
        assertThat(again.statusCode()).as("a place is free again once a wait returned").isEqualTo(200);
    }

    private void aWaitSurvivesADatabaseRestart(ItPostgres database, AppProcess a, String apiKey, String inboxId,
            String address, int smtpPort, String since) throws Exception {
        CompletableFuture<HttpResponse<String>> result = http.sendAsync(wait(a, apiKey, inboxId,
                "?timeout=60&since=" + since), HttpResponse.BodyHandlers.ofString());
        Thread.sleep(500);
        long restarted = System.nanoTime();
        database.stop();
        Thread.sleep(1_000);
        database.start();
        Mail sent = Mail.from("alerts@monitoring.example", address, "Delivered right after the restart");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
        while (true) {
            try {
                sent.send(smtpPort); // 451 until B's pool connects again
                break;
            } catch (AssertionError notYet) {
                assertThat(System.nanoTime()).as("B delivers again after the restart").isLessThan(deadline);
                Thread.sleep(200);
            }
        }
        long acknowledged = System.nanoTime();

        HttpResponse<String> done = result.get(90, TimeUnit.SECONDS);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
        JsonNode body = Client.JSON.readTree(done.body());
        assertThat(body.path("timed_out").asBoolean()).as(done.body()).isFalse();
        assertThat(body.path("message").path("subject").asText()).isEqualTo(sent.subject());
        System.out.printf("A wait on replica A through a database restart: delivered by B %.1f s after the restart "
                + "began, the wait returned %.1f ms after the 250%n", (acknowledged - restarted) / 1e9,
                (System.nanoTime() - acknowledged) / 1e6);
        assertThat(a.log()).contains("Listening for database notifications again");
    }

    private static HttpRequest wait(AppProcess app, String apiKey, String inboxId, String query) {
        return HttpRequest.newBuilder(URI.create(app.baseUrl + "/v1/inboxes/" + inboxId + "/messages/wait" + query))
                .timeout(Duration.ofSeconds(90)).header("Authorization", "Bearer " + apiKey).GET().build();
    }
}
