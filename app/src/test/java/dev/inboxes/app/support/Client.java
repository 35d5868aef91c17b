package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/**
 * The tests' one HTTP client of the API, for any instance (the in-test app through {@link Api}, or app processes):
 * plain JDK HTTP and JSON, so what it sends is exactly what a program would.
 */
public final class Client {

    public static final ObjectMapper JSON = new ObjectMapper();
    private static final int SEEDING_IN_FLIGHT = 8;

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
    public static String newAccount(String baseUrl) {
        try {
            HttpResponse<String> response = new Client(null).send("POST", baseUrl + "/v1/accounts", null, null);
            assertThat(response.statusCode()).as("POST /v1/accounts: %s", response.body()).isEqualTo(201);
            return JSON.readTree(response.body()).path("api_key").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> send(String method, String url, String body, String idempotencyKey)
            throws IOException, InterruptedException {
        return http.send(request(method, url, body, idempotencyKey), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String method, String url, String body, String idempotencyKey) {
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
        return request.build();
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

    /** Creates an inbox with a random address on that instance; checks the 201 and returns its id. */
    public String createInbox(String baseUrl) throws IOException, InterruptedException {
        return createInbox(baseUrl, null);
    }

    /** Creates an inbox on that instance with this Idempotency-Key (or none if null); checks the 201 and returns its id. */
    public String createInbox(String baseUrl, String idempotencyKey) throws IOException, InterruptedException {
        return createdId(send("POST", baseUrl + "/v1/inboxes", "{}", idempotencyKey));
    }

    /** Creates an inbox from this JSON body; checks the 201 and returns its id. */
    public String createInboxFrom(String baseUrl, Map<String, ?> body) throws IOException, InterruptedException {
        return createdId(send("POST", baseUrl + "/v1/inboxes", JSON.writeValueAsString(body), null));
    }

    /**
     * Creates {@code count} inboxes, a few requests in flight at a time so seeding thousands stays quick;
     * {@code body} gives the JSON body of the i-th.
     *
     * @return the created inboxes' ids, in no particular order
     */
    public List<String> createInboxes(String baseUrl, int count, IntFunction<String> body) {
        URI uri = URI.create(baseUrl + "/v1/inboxes");
        Semaphore inFlight = new Semaphore(SEEDING_IN_FLIGHT);
        List<CompletableFuture<String>> created = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            inFlight.acquireUninterruptibly();
            created.add(http.sendAsync(request("POST", uri.toString(), body.apply(i), null),
                            HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> inFlight.release())
                    .thenApply(Client::createdId));
        }
        return created.stream().map(CompletableFuture::join).toList();
    }

    /** Records a message in the inbox; checks the 201 and returns the message's id. */
    public String recordMessage(String baseUrl, String inboxId, String subject, String text)
            throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(Map.of("from", "sender@example.com", "subject", subject, "text", text));
        return createdId(send("POST", baseUrl + "/v1/inboxes/" + inboxId + "/messages", body, null));
    }

    /**
     * Walks a list on these instances: page {@code n} (from 0) is read from {@code baseUrl.apply(n) + list} with the
     * previous page's cursor, and every page is checked as {@link PageWalk} checks any walk.
     */
    public PageWalk walk(IntFunction<String> baseUrl, String list) throws Exception {
        return PageWalk.walk((cursor, page) -> get(baseUrl.apply(page) + list
                + (cursor == null ? "" : (list.contains("?") ? "&" : "?") + "cursor=" + cursor)));
    }

    private static String createdId(HttpResponse<String> response) {
        assertThat(response.statusCode()).as("%s %s: %s", response.request().method(), response.uri(), response.body())
                .isEqualTo(201);
        try {
            return JSON.readTree(response.body()).path("id").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
