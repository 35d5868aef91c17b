package dev.inboxes.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.operations.UnmatchedRouteMetrics;
import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Operators see request latency per route, page sizes, the cost of totals and the pool at /q/metrics, on the
 * management interface only; the uri tag names route templates, whatever paths clients try.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MetricsTest {

    private static final Pattern URI_TAG = Pattern.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"([^\"]*)\"",
            Pattern.MULTILINE);

    @TestHTTPResource(value = "/metrics", management = true) // the management root is /q
    URL metrics;

    @TestHTTPResource(value = "/health/ready", management = true) // the management root is /q
    URL readiness;

    @Test
    void pagesRoutesAndThePoolAreMeasured() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        Api.as(apiKey).get("/v1/inboxes").then().statusCode(200);
        Api.as(apiKey).get("/v1/inboxes/" + inboxId).then().statusCode(200);

        assertThat(scrape())
                .contains("http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/v1/inboxes\"}")
                .contains("uri=\"/v1/inboxes/{inbox_id}\"")
                .containsPattern("inboxes_page_query_seconds_count\\{first_page=\"true\",list=\"inboxes\"\\} \\d")
                .contains("inboxes_page_rows_count{list=\"inboxes\"}")
                .contains("agroal_active_count")
                .doesNotContain(inboxId);
    }

    @Test
    void theOutboxIsMeasuredByDepthAgeAndTheOutcomeAndLatencyOfEachAttempt() throws Exception {
        String apiKey = Api.newAccount();
        String from = Api.createInbox(apiKey, Map.of());
        String to = Api.as(apiKey).get("/v1/inboxes/" + Api.createInbox(apiKey, Map.of())).path("address");
        Api.as(apiKey).contentType("application/json")
                .body(Map.of("to", java.util.List.of(to), "subject", "Metered", "text", "x"))
                .post("/v1/inboxes/" + from + "/messages/send").then().statusCode(202);

        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
        String scraped = scrape();
        while (!scraped.matches("(?s).*inboxes_outbox_attempts_total\\{outcome=\"sent\"\\} [1-9].*")
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
            scraped = scrape();
        }
        assertThat(scraped).containsPattern("inboxes_outbox_attempts_total\\{outcome=\"sent\"\\} [1-9]")
                .contains("inboxes_outbox_attempts_total{outcome=\"bounced\"}")
                .containsPattern("inboxes_outbox_attempt_latency_seconds_count [1-9]")
                .contains("inboxes_outbox_pending ")
                .contains("inboxes_outbox_oldest_due_age_seconds ");
    }

    @Test
    void healthAndMetricsAreNotOnTheApiPort() {
        given().get("/q/metrics").then().statusCode(404);
        given().get("/q/health/ready").then().statusCode(404);
        given().get(readiness.toString()).then().statusCode(200);
    }

    @Test
    void randomPathsShareOneUriAndRealRoutesKeepTheirMeters() {
        String apiKey = Api.newAccount();
        Set<String> tried = new TreeSet<>();
        for (int i = 0; i < 150; i++) { // past Micrometer's default budget of 100 uri values
            String random = UUID.randomUUID().toString();
            tried.add(random);
            given().get("/v1/" + random).then().statusCode(401); // unauthenticated, under the protected prefix
            given().get("/" + random + "/x").then().statusCode(404);
            given().post("/mcp/" + random).then().statusCode(401);
            Api.as(apiKey).get("/v1/" + random + "/" + i).then().statusCode(404);
        }
        String inboxId = Api.createInbox(apiKey, Map.of());
        Api.as(apiKey).delete("/v1/inboxes/" + inboxId).then().statusCode(204);

        String scraped = scrape();
        Set<String> uris = new TreeSet<>();
        Matcher uri = URI_TAG.matcher(scraped);
        while (uri.find()) {
            uris.add(uri.group(1));
        }
        assertThat(uris).contains(UnmatchedRouteMetrics.UNMATCHED, "/v1/inboxes/{inbox_id}")
                .allSatisfy(value -> assertThat(value).as("a template or the one value for unmatched paths")
                        .matches("/[a-z0-9/{}_-]*|" + UnmatchedRouteMetrics.UNMATCHED));
        assertThat(uris.size()).as("uri values: %s", uris).isLessThan(20);
        assertThat(tried).noneMatch(scraped::contains);
        assertThat(scraped).contains("method=\"DELETE\",outcome=\"SUCCESS\",status=\"204\",uri=\"/v1/inboxes/{inbox_id}\"");
    }

    private String scrape() {
        return given().get(metrics.toString()).then().statusCode(200).extract().asString();
    }
}
