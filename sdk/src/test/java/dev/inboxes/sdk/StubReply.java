package dev.inboxes.sdk;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** A canned HTTP response for {@link StubServer}. */
record StubReply(int status, String contentType, String body, Map<String, String> headers, Optional<Duration> delay) {

    static StubReply json(int status, String body) {
        return new StubReply(status, "application/json", body, Map.of(), Optional.empty());
    }

    static StubReply ok(String body) {
        return json(200, body);
    }

    /** An RFC 9457 problem as the Inboxes server sends it. */
    static StubReply problem(int status, String slug, String title, String detail) {
        String body = "{\"type\":\"https://inboxes.dev/problems/" + slug + "\",\"title\":\"" + title
                + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}";
        return new StubReply(status, "application/problem+json", body, Map.of(), Optional.empty());
    }

    static StubReply unavailable() {
        return problem(503, "unavailable", "Service unavailable", "The database is unavailable right now.")
                .withHeader("Retry-After", "0");
    }

    static StubReply text(int status, String contentType, String body) {
        return new StubReply(status, contentType, body, Map.of(), Optional.empty());
    }

    static StubReply noContent() {
        return new StubReply(204, null, "", Map.of(), Optional.empty());
    }

    StubReply withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new StubReply(status, contentType, body, more, delay);
    }

    StubReply after(Duration wait) {
        return new StubReply(status, contentType, body, headers, Optional.of(wait));
    }
}
