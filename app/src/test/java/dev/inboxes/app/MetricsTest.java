package dev.inboxes.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Operators see request latency per route, page sizes, the cost of totals and the pool at /q/metrics. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MetricsTest {

    @Test
    void pagesRoutesAndThePoolAreMeasured() {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of());
        Api.as(apiKey).get("/v1/inboxes").then().statusCode(200);
        Api.as(apiKey).get("/v1/inboxes/" + inboxId).then().statusCode(200);

        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();

        assertThat(metrics)
                .contains("http_server_requests_seconds_count{method=\"GET\",outcome=\"SUCCESS\",status=\"200\",uri=\"/v1/inboxes\"}")
                .contains("uri=\"/v1/inboxes/{inbox_id}\"")
                .containsPattern("inboxes_page_query_seconds_count\\{first_page=\"true\",list=\"inboxes\"\\} \\d")
                .contains("inboxes_page_rows_count{list=\"inboxes\"}")
                .contains("agroal_active_count")
                .doesNotContain(inboxId);
    }
}
