package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;

/** A small JSON client for tests that talk to app processes rather than to the in-test app. */
public final class Client {

    public static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final String apiKey;

    public Client(String apiKey) {
        this.apiKey = apiKey;
    }

    public String apiKey() {
        return apiKey;
    }

    /** A new account on that instance: its API key. */
    public static String newAccount(String baseUrl) throws Exception {
        return JSON.readTree(new Client(null).send("POST", baseUrl + "/v1/accounts", null, null).body())
                .path("api_key").asText();
    }

    public HttpResponse<String> send(String method, String url, String body, String idempotencyKey)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A JSON-RPC message to the MCP endpoint; returns the response (its Mcp-Session-Id header names the session). */
    public HttpResponse<String> mcp(String baseUrl, String message, String sessionId) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/mcp")).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + apiKey)
                .POST(HttpRequest.BodyPublishers.ofString(message));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An initialized MCP session's id. */
    public String mcpSession(String baseUrl) throws IOException, InterruptedException {
        String session = mcp(baseUrl, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},
                "clientInfo":{"name":"it","version":"1"}}}""", null).headers().firstValue("Mcp-Session-Id").orElseThrow();
        mcp(baseUrl, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", session);
        return session;
    }

    public JsonNode get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = send("GET", url, null, null);
        if (response.statusCode() != 200) {
            throw new AssertionError("GET " + url + " -> " + response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }

    /** Creates an inbox on that instance; checks the 201 and returns its id. */
    public String createInbox(String baseUrl) throws IOException, InterruptedException {
        return createInbox(baseUrl, null);
    }

    /** Creates an inbox on that instance with this Idempotency-Key (or none if null); checks the 201 and returns its id. */
    public String createInbox(String baseUrl, String idempotencyKey) throws IOException, InterruptedException {
        HttpResponse<String> response = send("POST", baseUrl + "/v1/inboxes", "{}", idempotencyKey);
        assertThat(response.statusCode()).as("POST %s/v1/inboxes: %s", baseUrl, response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).path("id").asText();
    }

    /**
     * Follows a list's has_more/cursor to its end: page {@code n} (from 0) is read from {@code baseUrl.apply(n) + list}
     * and handed to {@code onPage} with its index before the next one is requested.
     */
    public void walk(IntFunction<String> baseUrl, String list, ObjIntConsumer<JsonNode> onPage)
            throws IOException, InterruptedException {
        String cursor = null;
        for (int page = 0; ; page++) {
            JsonNode body = get(baseUrl.apply(page) + list
                    + (cursor == null ? "" : (list.contains("?") ? "&" : "?") + "cursor=" + cursor));
            onPage.accept(body, page);
            if (!body.path("has_more").asBoolean()) {
                return;
            }
            cursor = body.path("cursor").asText();
        }
    }
}
