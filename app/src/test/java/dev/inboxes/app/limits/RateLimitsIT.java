package dev.inboxes.app.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItDeployment;
import dev.inboxes.sdk.Inbox;
import dev.inboxes.sdk.InboxesClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Rate limits of the packaged app, tightened for the test: sign-ups per address, requests per account (REST and
 * MCP alike), requests per address before the key is checked. Each refusal is a 429 problem with Retry-After;
 * health is never limited; the SDK waits Retry-After and retries.
 */
class RateLimitsIT {

    private static final Map<String, String> LIMITED = Map.of(
            "INBOXES_RATE_LIMIT_SIGN_UP_REQUESTS", "3",
            "INBOXES_RATE_LIMIT_SIGN_UP_PERIOD", "1H",
            "INBOXES_RATE_LIMIT_ACCOUNT_REQUESTS", "20",
            "INBOXES_RATE_LIMIT_ACCOUNT_PERIOD", "10S",
            "INBOXES_RATE_LIMIT_ADDRESS_REQUESTS", "100",
            "INBOXES_RATE_LIMIT_ADDRESS_PERIOD", "1M");

    @RegisterExtension
    final ItDeployment deployment = new ItDeployment();

    @Test
    void signUpsAccountsAndAddressesAreLimitedWithA429ThatSaysWhenToRetry() throws Exception {
        try (AppProcess app = deployment.startApp(LIMITED)) {
            Client anonymous = new Client(null);

            // Sign-ups: three, then refused for about 20 minutes (3 per hour).
            List<Integer> signUps = new ArrayList<>();
            String apiKey = null;
            for (int i = 0; i < 4; i++) {
                HttpResponse<String> signUp = anonymous.send("POST", app.baseUrl + "/v1/accounts", null, null);
                signUps.add(signUp.statusCode());
                if (signUp.statusCode() == 201) {
                    apiKey = Client.JSON.readTree(signUp.body()).path("api_key").asText();
                } else {
                    assertRateLimited(signUp, "sign-ups");
                    assertThat(Long.parseLong(signUp.headers().firstValue("Retry-After").orElseThrow())).isGreaterThan(600);
                }
            }
            assertThat(signUps).containsExactly(201, 201, 201, 429);

            // One account: 20 requests, then 429 (20 per 10 s), on REST and MCP alike.
            Client account = new Client(apiKey);
            int served = 0;
            HttpResponse<String> refused = null;
            for (int i = 0; i < 40 && refused == null; i++) {
                HttpResponse<String> response = account.send("GET", app.baseUrl + "/v1/inboxes", null, null);
                if (response.statusCode() == 429) {
                    refused = response;
                } else {
                    assertThat(response.statusCode()).isEqualTo(200);
                    served++;
                }
            }
            assertThat(served).isBetween(20, 25);
            int servedInABurst = served;
            assertRateLimited(refused, "this account");
            assertThat(refused.headers().firstValue("Retry-After")).contains("1");
            HttpResponse<String> mcp = account.mcp(app.baseUrl, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", null);
            assertRateLimited(mcp, "this account");
            for (int i = 0; i < 30; i++) {
                assertThat(anonymous.send("GET", app.managementUrl + "/q/health/ready", null, null).statusCode())
                        .as("health is never limited").isEqualTo(200);
            }

            // The SDK waits the second Retry-After asks for, and the call succeeds (the bucket emptied again first).
            // A token comes back every 500 ms: a pause that long between emptying the bucket and the SDK's first
            // request (a loaded machine) lets that request through, and the retry path is not exercised; try again.
            List<Integer> attempts = new ArrayList<>();
            InboxesClient sdk = InboxesClient.builder().baseUrl(app.baseUrl).apiKey(apiKey)
                    .requestListener((method, uri, status, duration) -> attempts.add(status)).build();
            sdk.listInboxes(); // loads and connects the client before the timed part
            attempts.clear();
            Duration waited = Duration.ZERO;
            for (int round = 0; round < 5 && (attempts.isEmpty() || attempts.get(0) != 429); round++) {
                while (account.send("GET", app.baseUrl + "/v1/inboxes", null, null).statusCode() != 429) {
                    served++;
                }
                attempts.clear();
                long started = System.nanoTime();
                List<Inbox> inboxes = sdk.listInboxes();
                waited = Duration.ofNanos(System.nanoTime() - started);
                assertThat(inboxes).isEmpty();
            }
            assertThat(attempts).startsWith(429).endsWith(200);
            assertThat(waited).isGreaterThanOrEqualTo(Duration.ofMillis(500));

            // One address, before any key is checked: a flood of wrong keys turns from 401 into 429.
            Client guesser = new Client("sk_" + "0".repeat(40));
            int unauthorized = 0;
            int limited = 0;
            for (int i = 0; i < 200; i++) {
                HttpResponse<String> guess = guesser.send("GET", app.baseUrl + "/v1/inboxes", null, null);
                if (guess.statusCode() == 429) {
                    limited++;
                    if (limited == 1) {
                        assertRateLimited(guess, "this address");
                    }
                } else {
                    assertThat(guess.statusCode()).isEqualTo(401);
                    unauthorized++;
                }
            }
            System.out.printf("Rate limits: sign-ups %s; %d requests of one account served before a 429; SDK attempts "
                    + "%s; wrong keys from one address: %d answered 401, %d refused 429%n", signUps, servedInABurst, attempts,
                    unauthorized, limited);
            assertThat(unauthorized).isPositive();
            assertThat(limited).isGreaterThan(100);
        }
    }

    private static void assertRateLimited(HttpResponse<String> response, String whose) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(429);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        JsonNode problem = Client.JSON.readTree(response.body());
        assertThat(problem.path("type").asText()).isEqualTo("https://inboxes.dev/problems/rate-limited");
        assertThat(problem.path("status").asInt()).isEqualTo(429);
        assertThat(problem.path("detail").asText()).contains(whose).contains("Retry after");
    }
}
