package dev.inboxes.sdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;

/** Reads the RFC 9457 body, or derives a problem from the status and body of any other response. */
final class ProblemReader {

    private static final int SNIPPET = 200;

    private ProblemReader() {
    }

    static Problem read(HttpResponse<String> response) {
        int status = response.statusCode();
        String body = response.body() == null ? "" : response.body();
        JsonNode json = parseObject(body);
        if (json != null && (json.hasNonNull("type") || json.hasNonNull("detail"))) {
            // The HTTP status wins over the body's: it is what every intermediary agreed on.
            return new Problem(json.path("type").asText(null), json.path("title").asText(reason(status)), status,
                    json.path("detail").asText("(no detail)"));
        }
        String stripped = body.strip();
        String snippet = stripped.isEmpty() ? "(empty body)"
                : stripped.substring(0, Math.min(SNIPPET, stripped.length()));
        return new Problem(null, reason(status), status, "The response was not a problem document: " + snippet);
    }

    private static JsonNode parseObject(String body) {
        try {
            JsonNode node = Json.readTree(body);
            return node != null && node.isObject() ? node : null;
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 400 -> "Bad request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 406 -> "Not acceptable";
            case 409 -> "Conflict";
            case 413 -> "Content too large";
            case 414 -> "URI too long";
            case 415 -> "Unsupported media type";
            case 422 -> "Unprocessable content";
            case 429 -> "Too many requests";
            case 500 -> "Internal server error";
            case 502 -> "Bad gateway";
            case 503 -> "Service unavailable";
            case 504 -> "Gateway timeout";
            default -> "HTTP " + status;
        };
    }
}
