package dev.inboxes.app.hostile;

import static dev.inboxes.app.support.Api.as;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.api.problem.KnownRoutes;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.RawHttp;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every error is an RFC 9457 problem where the HTTP stack lets the service answer it: a known path with another
 * method (405 with Allow), failures before the REST framework (no Host, an MCP body over the limit). The
 * codec-level refusals that no hook reaches are checked for their status; docs/deploy.md lists them.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ProblemsEverywhereTest {

    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");

    @Inject
    KnownRoutes routes;

    @Test
    void theKnownRoutesAreTheOperationsOfTheSpec() throws Exception {
        JsonNode spec = Client.JSON.readTree(given().queryParam("format", "json").get("/q/openapi").asString());
        Map<String, Set<String>> documented = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = spec.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            Set<String> methods = new TreeSet<>();
            path.getValue().fieldNames().forEachRemaining(method -> methods.add(method.toUpperCase(Locale.ROOT)));
            documented.put(path.getKey(), methods);
        }

        assertThat(routes.routes()).isEqualTo(documented);
    }

    @Test
    void everyKnownPathAnswersAnotherMethodWith405AndItsAllowHeader() {
        String apiKey = Api.newAccount();
        routes.routes().keySet().forEach(template -> {
            String path = template.replaceAll("\\{[^}]+}", "xyz_00000000000000000000");
            // A literal path can also fit a template (/v1/inboxes/bulk-delete fits /v1/inboxes/{inbox_id}): its
            // methods are then those of both, and those of the template are served.
            Set<String> allowed = routes.allowedMethods(path);
            for (String method : METHODS) {
                if (allowed.contains(method)) {
                    continue;
                }
                Response response = as(apiKey).request(method, path);
                String detail = Api.assertProblem(response, 405, "method-not-allowed");
                assertThat(response.header("Allow")).as("%s %s", method, template).isEqualTo(String.join(", ", allowed));
                assertThat(detail).contains(method).contains("Use ");
            }
        });
        assertThat(routes.routes()).containsKeys("/v1/accounts", "/v1/inboxes", "/v1/inboxes/{inbox_id}",
                "/v1/inboxes/{inbox_id}/messages", "/v1/api-keys", "/v1/api-keys/{key_id}");
    }

    @Test
    void theSignUpPathAnswers405WithOrWithoutAKey() {
        for (Response response : List.of(given().get("/v1/accounts"), as(Api.newAccount()).get("/v1/accounts"),
                given().delete("/v1/accounts"))) {
            Api.assertProblem(response, 405, "method-not-allowed");
            assertThat(response.header("Allow")).isEqualTo("POST");
        }
    }

    @Test
    void aRequestWithoutHostIsAProblem() throws Exception {
        RawHttp.Reply reply = RawHttp.send(RestAssured.port, "GET /v1/inboxes HTTP/1.1\r\n\r\n");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.header("content-type")).startsWith("application/problem+json");
        assertThat(Client.JSON.readTree(reply.body()).path("detail").asText()).contains("'Host' header is required");
    }

    @Test
    void aChunkedMcpBodyOverTheLimitIsAProblem() throws Exception {
        String apiKey = Api.newAccount();
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"" + "x".repeat(1_100_000)
                + "\"}}").getBytes(StandardCharsets.US_ASCII);
        RawHttp.Reply reply = RawHttp.send(RestAssured.port, chunked("POST /mcp HTTP/1.1\r\nHost: x\r\nAuthorization: "
                + "Bearer " + apiKey + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n",
                body));

        assertThat(reply.status()).isEqualTo(413);
        assertThat(Client.JSON.readTree(reply.body()).path("type").asText()).endsWith("/payload-too-large");
    }

    /** These the HTTP codec (or Quarkus before any route) answers itself, with no body: see docs/deploy.md. */
    @Test
    void codecLevelRefusalsKeepTheirStatus() throws Exception {
        int port = RestAssured.port;
        assertThat(RawHttp.send(port, "GET /v1/inboxes?q=" + "a".repeat(5_000) + " HTTP/1.1\r\nHost: x\r\n\r\n").status())
                .isEqualTo(414);
        assertThat(RawHttp.send(port, "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20_000)
                + "\r\n\r\n").status()).isEqualTo(431);
        assertThat(RawHttp.send(port, "GET /v1 /inboxes HTTP/1.1\r\nHost: x\r\n\r\n").status()).isEqualTo(400);
        assertThat(RawHttp.send(port, "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\nX-Bad\u0001: y\r\n\r\n").status())
                .isEqualTo(400);
        assertThat(RawHttp.send(port, "GET /v1/inboxes/a%zzb HTTP/1.1\r\nHost: x\r\n\r\n").status()).isEqualTo(400);
        String apiKey = Api.newAccount();
        byte[] body = ("{\"display_name\":\"" + "x".repeat(1_100_000) + "\"}").getBytes(StandardCharsets.US_ASCII);
        assertThat(RawHttp.send(port, chunked("POST /v1/inboxes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + apiKey
                + "\r\nContent-Type: application/json\r\n", body)).status()).isEqualTo(413);
        assertThat(as(apiKey).get("/v1/inboxes").jsonPath().getInt("total")).isZero();
    }

    private static byte[] chunked(String head, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((head + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        for (int at = 0; at < body.length; at += 65_536) {
            int size = Math.min(65_536, body.length - at);
            out.writeBytes((Integer.toHexString(size) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, size);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
