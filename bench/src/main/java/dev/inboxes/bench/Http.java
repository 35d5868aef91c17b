package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** A plain HTTP/1.1 client for the service: what the load generator and the probes use. */
final class Http {

    static final ObjectMapper JSON = new ObjectMapper();

    final String baseUrl;
    final String apiKey;
    private final HttpClient client;

    Http(String baseUrl, String apiKey) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    Http as(String otherApiKey) {
        return new Http(baseUrl, otherApiKey);
    }

    /** The same caller against another instance. */
    Http at(String otherBaseUrl) {
        return new Http(otherBaseUrl, apiKey);
    }

    /** GET a path and return the body; anything but 200 is a failure of the benchmark. */
    String get(String pathAndQuery) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request(pathAndQuery).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + pathAndQuery + " -> " + response.statusCode() + " " + response.body());
        }
        return response.body();
    }

    HttpResponse<String> post(String path, String json, String sessionId) throws IOException, InterruptedException {
        HttpRequest.Builder request = request(path).header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** POST JSON and return the created resource; anything but 201 is a failure of the benchmark. */
    JsonNode create(String path, String json) throws IOException, InterruptedException {
        HttpResponse<String> response = post(path, json, null);
        if (response.statusCode() != 201) {
            throw new IllegalStateException("POST " + path + " -> " + response.statusCode() + " " + response.body());
        }
        return JSON.readTree(response.body());
    }

    JsonNode getJson(String pathAndQuery) throws IOException, InterruptedException {
        return JSON.readTree(get(pathAndQuery));
    }

    private HttpRequest.Builder request(String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(Duration.ofSeconds(60));
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        return request;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
