package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.mcp.session.McpSessionsConfig;
import io.quarkiverse.mcp.server.McpServer;
import io.quarkiverse.mcp.server.runtime.config.McpServersRuntimeConfig;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The MCP endpoint over raw HTTP, as a careless or hostile client drives it: every malformed message gets the JSON-RPC
 * error the specification names, at once, and every transport error is a problem that says what to do.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class McpTransportTest {

    private static final long PROMPTLY_MILLIS = 1_000;
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},
            "clientInfo":{"name":"transport-test","version":"1"}}}""";

    @Inject
    McpServersRuntimeConfig library;

    @Inject
    McpSessionsConfig sessions;

    String apiKey;
    String session;

    @BeforeEach
    void initialize() {
        apiKey = Api.newAccount();
        Response initialized = mcp().body(INITIALIZE).post("/mcp");
        assertThat(initialized.statusCode()).isEqualTo(200);
        session = initialized.header("Mcp-Session-Id");
        mcp().header("Mcp-Session-Id", session).body("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .post("/mcp").then().statusCode(202);
    }

    static Stream<Arguments> malformedMessages() {
        return Stream.of(
                Arguments.of("not JSON", "{\"jsonrpc\":", 400, -32700, null),
                Arguments.of("an empty body", "", 400, -32700, null),
                Arguments.of("null", "null", 400, -32600, null),
                Arguments.of("a number", "42", 400, -32600, null),
                Arguments.of("an empty batch", "[]", 400, -32600, null),
                Arguments.of("a batch", "[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]", 400, -32600, null),
                Arguments.of("another JSON-RPC version", "{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"ping\"}", 400, -32600, 3),
                Arguments.of("no version", "{\"id\":4,\"method\":\"ping\"}", 400, -32600, 4),
                Arguments.of("a huge string id", "{\"jsonrpc\":\"2.0\",\"id\":\"" + "i".repeat(100_000)
                        + "\",\"method\":\"ping\"}", 400, -32600, null),
                Arguments.of("a huge number id", "{\"jsonrpc\":\"2.0\",\"id\":1" + "0".repeat(400)
                        + ",\"method\":\"ping\"}", 400, -32600, null),
                // A line break in an id would forge a line wherever the id is logged; an escape, a terminal command.
                Arguments.of("an id with a line feed", "{\"jsonrpc\":\"2.0\",\"id\":\"1\\n2026-12-01 12:00:00,000 "
                        + "INFO  [io.quarkus] forged\",\"method\":\"ping\"}", 400, -32600, null),
                Arguments.of("an id with a carriage return", "{\"jsonrpc\":\"2.0\",\"id\":\"1\\rforged\",\"method\":"
                        + "\"ping\"}", 400, -32600, null),
                Arguments.of("an id with an escape", "{\"jsonrpc\":\"2.0\",\"id\":\"\\u001b[2Jforged\",\"method\":"
                        + "\"ping\"}", 400, -32600, null),
                Arguments.of("an id with a NUL", "{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0000b\",\"method\":\"ping\"}",
                        400, -32600, null),
                Arguments.of("an id with a line separator", "{\"jsonrpc\":\"2.0\",\"id\":\"a\\u2028forged\","
                        + "\"method\":\"tools/call\",\"params\":{\"name\":\"list_inboxes\"}}", 400, -32600, null),
                Arguments.of("an object id", "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}", 400, -32600, null),
                Arguments.of("a null id", "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", 400, -32600, null),
                Arguments.of("no method", "{\"jsonrpc\":\"2.0\",\"id\":5}", 400, -32600, 5),
                Arguments.of("a number for method", "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":7}", 400, -32600, 6),
                Arguments.of("tools/call with params an array", """
                        {"jsonrpc":"2.0","id":7,"method":"tools/call","params":["list_inboxes"]}""", 200, -32602, 7),
                Arguments.of("tools/call without params", """
                        {"jsonrpc":"2.0","id":8,"method":"tools/call"}""", 200, -32602, 8),
                Arguments.of("tools/call without name", """
                        {"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"arguments":{}}}""", 200, -32602, 9),
                Arguments.of("tools/call with a number for name", """
                        {"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":1}}""", 200, -32602, 10),
                Arguments.of("tools/call with arguments a string", """
                        {"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"list_inboxes","arguments":"x"}}""",
                        200, -32602, 11),
                Arguments.of("tools/call with arguments an array", """
                        {"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"list_inboxes","arguments":[]}}""",
                        200, -32602, 12),
                Arguments.of("a notification with params a string", """
                        {"jsonrpc":"2.0","method":"notifications/cancelled","params":"x"}""", 400, -32602, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedMessages")
    void aMalformedMessageGetsTheJsonRpcErrorTheSpecificationNamesAtOnce(String what, String body, int status, int code,
            Integer id) {
        long started = System.nanoTime();
        Response response = mcp().header("Mcp-Session-Id", session).body(body).post("/mcp");
        long millis = (System.nanoTime() - started) / 1_000_000;

        assertThat(millis).as("answered promptly").isLessThan(PROMPTLY_MILLIS);
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(status);
        assertThat(response.contentType()).startsWith("application/json");
        assertThat(response.<Integer>path("error.code")).isEqualTo(code);
        assertThat(response.<String>path("error.message")).isNotBlank();
        assertThat(response.<Object>path("id")).isEqualTo(id);
        assertThat(response.asString()).as("nothing of what was sent is echoed").hasSizeLessThan(400);
        // The session is still usable.
        mcp().header("Mcp-Session-Id", session).body("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\"}").post("/mcp")
                .then().statusCode(200);
    }

    @Test
    void aMessageOutsideASessionMustBeAnInitialize() {
        Response response = mcp().body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}").post("/mcp");
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.<Integer>path("error.code")).isEqualTo(-32600);
        assertThat(response.<String>path("error.message")).contains("initialize");

        Response noClientInfo = mcp().body("""
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}""").post("/mcp");
        assertThat(noClientInfo.<Integer>path("error.code")).isEqualTo(-32602);
        assertThat(noClientInfo.header("Mcp-Session-Id")).as("no session opened").isNull();
    }

    @Test
    void transportErrorsAreProblems() {
        assertThat(Api.assertProblem(mcp().header("Mcp-Session-Id", "bm8tc3VjaA").body("{}").post("/mcp"), 404,
                "not-found")).contains("initialize");
        Response put = mcp().body("{}").put("/mcp");
        assertThat(Api.assertProblem(put, 405, "method-not-allowed")).contains("POST");
        assertThat(put.header("Allow")).isEqualTo("GET, POST, DELETE");
        assertThat(Api.assertProblem(Api.as(apiKey).header("Accept", "application/json").contentType("application/json")
                .body(INITIALIZE).post("/mcp"), 406, "not-acceptable")).contains("text/event-stream");
        assertThat(Api.assertProblem(mcp().header("Mcp-Protocol-Version", "1999-01-01").body(INITIALIZE).post("/mcp"),
                400, "invalid-request")).contains("2025-06-18");
        assertThat(Api.assertProblem(Api.as(apiKey).header("Accept", "text/event-stream").get("/mcp"), 405,
                "method-not-allowed")).contains("Mcp-Session-Id");
        assertThat(Api.assertProblem(Api.as(apiKey).delete("/mcp"), 400, "invalid-request")).contains("Mcp-Session-Id");
        for (String legacy : new String[] {"/mcp/sse", "/mcp/messages/" + session}) {
            assertThat(Api.assertProblem(Api.as(apiKey).get(legacy), 404, "not-found")).contains("Streamable HTTP");
            assertThat(Api.assertProblem(mcp().body("{}").post(legacy), 404, "not-found")).contains("switched off");
        }
    }

    @Test
    void aDeletedSessionIsGone() {
        Api.as(apiKey).header("Mcp-Session-Id", session).delete("/mcp").then().statusCode(200);
        Api.assertProblem(mcp().header("Mcp-Session-Id", session)
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").post("/mcp"), 404, "not-found");
    }

    @Test
    void theLibraryEndsIdleSessionsAfterTheConfiguredTimeout() {
        assertThat(library.servers().get(McpServer.DEFAULT).connectionIdleTimeout())
                .isEqualTo(sessions.sessionIdleTimeout());
    }

    private RequestSpecification mcp() {
        return Api.as(apiKey).header("Accept", "application/json, text/event-stream").contentType("application/json");
    }
}
