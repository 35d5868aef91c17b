package dev.inboxes.api.problem;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.Json;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The problem types this service sends; their URIs are part of the contract. */
public enum ProblemType {

    INVALID_REQUEST("invalid-request", "Invalid request", 400),
    MALFORMED_JSON("malformed-json", "Malformed JSON", 400),
    INVALID_CURSOR("invalid-cursor", "Invalid cursor", 400),
    CURSOR_MISMATCH("cursor-mismatch", "Cursor mismatch", 400),
    UNAUTHORIZED("unauthorized", "Unauthorized", 401),
    FORBIDDEN("forbidden", "Forbidden", 403),
    CROSS_ORIGIN_REFUSED("cross-origin-refused", "Cross-origin request refused", 403),
    NOT_FOUND("not-found", "Not found", 404),
    METHOD_NOT_ALLOWED("method-not-allowed", "Method not allowed", 405),
    NOT_ACCEPTABLE("not-acceptable", "Not acceptable", 406),
    REQUEST_TIMEOUT("request-timeout", "Request timeout", 408),
    ADDRESS_TAKEN("address-taken", "Address taken", 409),
    LAST_API_KEY("last-api-key", "Last API key", 409),
    TOO_MANY_API_KEYS("too-many-api-keys", "Too many API keys", 409),
    MATCHES_CHANGED("matches-changed", "Matches changed", 409),
    TOO_MANY_WEBHOOKS("too-many-webhooks", "Too many webhooks", 409),
    WEBHOOK_DISABLED("webhook-disabled", "Webhook disabled", 409),
    IDEMPOTENCY_KEY_IN_FLIGHT("idempotency-key-in-flight", "Idempotency key in flight", 409),
    PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large", 413),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type", 415),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused", "Idempotency key reused", 422),
    RECIPIENT_SUPPRESSED("recipient-suppressed", "Recipient suppressed", 422),
    TOO_MANY_CONNECTIONS("too-many-connections", "Too many connections", 429),
    RATE_LIMITED("rate-limited", "Too many requests", 429),
    TOO_MANY_WAITS("too-many-waits", "Too many waits", 429),
    OUTBOX_FULL("outbox-full", "Outbox full", 429),
    TOO_MANY_STREAMS("too-many-streams", "Too many event streams", 429),
    INTERNAL_ERROR("internal-error", "Internal error", 500),
    UNAVAILABLE("unavailable", "Service unavailable", 503);

    public static final String BASE_URI = "https://inboxes.dev/problems/";
    public static final MediaType MEDIA_TYPE = new MediaType("application", "problem+json");

    private final String slug;
    private final String title;
    private final int status;

    ProblemType(String slug, String title, int status) {
        this.slug = slug;
        this.title = title;
        this.status = status;
    }

    public String uri() {
        return BASE_URI + slug;
    }

    public int status() {
        return status;
    }

    /**
     * The problem type of an HTTP status the service answers without a more specific one: the first type of that
     * status, else {@link #INVALID_REQUEST} for a 4xx and {@link #INTERNAL_ERROR} for anything else.
     */
    public static ProblemType forStatus(int status) {
        for (ProblemType type : values()) {
            if (type.status == status) {
                return type;
            }
        }
        return status >= 400 && status < 500 ? INVALID_REQUEST : INTERNAL_ERROR;
    }

    public Problem problem(String detail) {
        return new Problem(uri(), title, status, detail);
    }

    public Response response(String detail) {
        return Response.status(status).type(MEDIA_TYPE).entity(problem(detail)).build();
    }

    /** Ends a response directly, for the HTTP layer before the REST framework (authentication, size limits). */
    public void end(HttpServerResponse response, String detail) {
        end(response, status, detail);
    }

    /** As {@link #end(HttpServerResponse, String)}, with another status than the type's (a generic type). */
    public void end(HttpServerResponse response, int statusCode, String detail) {
        response.setStatusCode(statusCode)
                .putHeader(HttpHeaders.CONTENT_TYPE, MEDIA_TYPE.toString())
                .end(Json.encode(new Problem(uri(), title, statusCode, detail)));
    }
}
