package dev.inboxes.sdk;

import java.time.Duration;
import java.util.Map;

/**
 * One logical API call, which the transport may send several times.
 *
 * @param method    the HTTP method
 * @param path      the path and query, e.g. {@code /v1/inboxes?limit=200}, already encoded
 * @param jsonBody  the request body, or null
 * @param headers   extra headers, e.g. {@code Idempotency-Key}
 * @param retryable whether sending it twice is harmless, so failures may be retried
 * @param timeout   the timeout of each attempt, or {@code null} for the client's own
 */
record ApiCall(String method, String path, String jsonBody, Map<String, String> headers, boolean retryable,
               Duration timeout) {

    ApiCall {
        headers = Map.copyOf(headers);
    }

    ApiCall(String method, String path, String jsonBody, Map<String, String> headers, boolean retryable) {
        this(method, path, jsonBody, headers, retryable, null);
    }

    /** A GET that the server may answer only after {@code serverTime} (a wait): each attempt may take that long more. */
    static ApiCall longGet(String path, Duration serverTime, Duration clientTimeout) {
        return new ApiCall("GET", path, null, Map.of(), true, clientTimeout.plus(serverTime));
    }

    static ApiCall get(String path) {
        return new ApiCall("GET", path, null, Map.of(), true);
    }

    /** A GET of bytes: {@code accept} names their media type, and problems stay acceptable for errors. */
    static ApiCall download(String path, String accept) {
        return new ApiCall("GET", path, null, Map.of("Accept", accept + ", application/problem+json"), true);
    }

    static ApiCall delete(String path) {
        return new ApiCall("DELETE", path, null, Map.of(), true);
    }

    /** A create that repeats safely: the server returns the first result for a repeated key. */
    static ApiCall idempotentPost(String path, Object body, String idempotencyKey) {
        return new ApiCall("POST", path, Json.write(body), Map.of("Idempotency-Key", idempotencyKey), true);
    }

    /** A POST that changes nothing (a preview), so a retry is harmless. */
    static ApiCall safePost(String path, Object body) {
        return new ApiCall("POST", path, Json.write(body), Map.of(), true);
    }

    /** A POST that must not be repeated: a retry could act twice. */
    static ApiCall post(String path, Object body) {
        return new ApiCall("POST", path, body == null ? null : Json.write(body), Map.of(), false);
    }
}
