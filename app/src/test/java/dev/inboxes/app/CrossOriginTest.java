package dev.inboxes.app;

import static dev.inboxes.app.support.Api.as;
import static dev.inboxes.app.support.Api.assertProblem;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Browsers ask before a cross-origin request that carries {@code Authorization} (a CORS preflight). A page of the
 * server's own origin, or of an origin in {@code quarkus.http.cors.origins} (the test profile lists
 * {@value #ADMITTED}), is admitted; any other gets a {@code 403} problem that says how to admit it, on the REST
 * routes and {@code /mcp} alike, for preflights and for the requests themselves.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class CrossOriginTest {

    static final String ADMITTED = "https://console.inboxes.test";
    private static final String FOREIGN = "https://elsewhere.example";

    /** What Chrome and Firefox send before a fetch() with a bearer key and a JSON body. */
    private static Response preflight(String origin, String path) {
        return given().header("Origin", origin)
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type,idempotency-key")
                .options(path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/inboxes", "/mcp", "/v1/accounts"})
    void aPreflightFromAnotherOriginIsRefusedWithAProblem(String path) {
        Response refused = preflight(FOREIGN, path);
        String detail = assertProblem(refused, 403, "cross-origin-refused");
        assertThat(detail).contains(FOREIGN).contains("QUARKUS_HTTP_CORS_ORIGINS").contains(ADMITTED);
        assertThat(refused.header("Access-Control-Allow-Origin")).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/v1/inboxes", "/mcp"})
    void aPreflightFromAnAdmittedOriginIsAnswered(String path) {
        Response admitted = preflight(ADMITTED, path);
        assertThat(admitted.statusCode()).isEqualTo(200);
        assertThat(admitted.header("Access-Control-Allow-Origin")).isEqualTo(ADMITTED);
        assertThat(admitted.header("Access-Control-Allow-Methods")).contains("POST");
        assertThat(admitted.header("Access-Control-Allow-Headers")).containsIgnoringCase("authorization");
    }

    @Test
    void thePagesOfTheServersOwnOriginAreAdmitted() {
        Response sameOrigin = preflight(Api.baseUrl(), "/v1/inboxes");
        assertThat(sameOrigin.statusCode()).isEqualTo(200);
        assertThat(sameOrigin.header("Access-Control-Allow-Origin")).isEqualTo(Api.baseUrl());
    }

    @Test
    void theRequestItselfFromAnotherOriginIsRefusedAndFromAnAdmittedOneServed() {
        String apiKey = Api.newAccount();
        assertProblem(as(apiKey).header("Origin", FOREIGN).get("/v1/inboxes"), 403, "cross-origin-refused");

        Response served = as(apiKey).header("Origin", ADMITTED).get("/v1/inboxes");
        assertThat(served.statusCode()).isEqualTo(200);
        assertThat(served.header("Access-Control-Allow-Origin")).isEqualTo(ADMITTED);
        assertThat(as(apiKey).get("/v1/inboxes").header("Access-Control-Allow-Origin"))
                .as("no CORS headers for clients that are not web pages").isNull();
    }
}
