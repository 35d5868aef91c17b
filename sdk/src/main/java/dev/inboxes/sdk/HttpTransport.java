package dev.inboxes.sdk;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

/**
 * Sends an {@link ApiCall}: builds the request, retries it when that is safe, reports each attempt to the
 * {@link RequestListener}, and turns error responses into typed exceptions.
 */
final class HttpTransport {

    /** Statuses that mean "the server or a proxy could not handle it right now", not "the request is wrong". */
    private static final Set<Integer> RETRYABLE_STATUSES = Set.of(502, 503, 504);
    private static final int RATE_LIMITED = 429;
    private static final int CONFLICT = 409;
    /** A retryable call's earlier attempt, with the same idempotency key, has not finished on the server yet. */
    private static final String IN_FLIGHT = "idempotency-key-in-flight";

    private final ClientSettings settings;

    HttpTransport(ClientSettings settings) {
        this.settings = settings;
    }

    /** The timeout of each attempt, unless a call sets its own. */
    Duration requestTimeout() {
        return settings.requestTimeout();
    }

    /**
     * @return the 2xx response; any other outcome throws an {@link InboxesException}. A 429 is retried for every
     *         call, idempotent or not (the server refuses it before doing anything), after the server's
     *         {@code Retry-After} when that is within the policy's longest wait, and up to its number of retries.
     */
    HttpResponse<String> send(ApiCall call) {
        return send(call, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8), response -> response);
    }

    /** As {@link #send(ApiCall)}, for a body that is bytes (a raw message, an attachment). */
    HttpResponse<byte[]> sendForBytes(ApiCall call) {
        return send(call, HttpResponse.BodyHandlers.ofByteArray(), TextResponse::new);
    }

    /** @param asText the response with its body as text, for the problem an error response carries */
    private <T> HttpResponse<T> send(ApiCall call, HttpResponse.BodyHandler<T> handler,
            java.util.function.Function<HttpResponse<T>, HttpResponse<String>> asText) {
        HttpRequest request = RequestFactory.build(settings, call);
        RetryPolicy policy = settings.retryPolicy();
        int maxRetries = call.retryable() ? policy.maxRetries() : 0;
        for (int retry = 0; ; retry++) {
            boolean lastAttempt = retry >= maxRetries;
            HttpResponse<T> response;
            try {
                response = attempt(request, handler);
            } catch (IOException e) {
                if (lastAttempt) {
                    throw connectionFailed(request, e, retry + 1);
                }
                sleep(request, settings.retryPolicy().delayBefore(retry + 1, null));
                continue;
            }
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return response;
            }
            if (status == RATE_LIMITED) {
                Duration retryAfter = RetryAfter.parse(response.headers());
                if (retry >= policy.maxRetries() || retryAfter != null && retryAfter.compareTo(policy.maxBackoff()) > 0) {
                    // Waiting less than asked would only be refused again.
                    throw ErrorMapper.toException(asText.apply(response));
                }
                sleep(request, retryAfter != null ? retryAfter : policy.delayBefore(retry + 1, null));
                continue;
            }
            if (status == CONFLICT && !lastAttempt) {
                HttpResponse<String> conflict = asText.apply(response);
                if (IN_FLIGHT.equals(ProblemReader.read(conflict).slug())) {
                    // The first attempt of this very call (same key) is still being handled: its result comes soon.
                    sleep(request, settings.retryPolicy().delayBefore(retry + 1, RetryAfter.parse(response.headers())));
                    continue;
                }
                throw ErrorMapper.toException(conflict);
            }
            if (lastAttempt || !RETRYABLE_STATUSES.contains(status)) {
                throw ErrorMapper.toException(asText.apply(response));
            }
            sleep(request, settings.retryPolicy().delayBefore(retry + 1, RetryAfter.parse(response.headers())));
        }
    }

    private <T> HttpResponse<T> attempt(HttpRequest request, HttpResponse.BodyHandler<T> handler) throws IOException {
        long start = System.nanoTime();
        int status = -1;
        try {
            HttpResponse<T> response = settings.httpClient().send(request, handler);
            status = response.statusCode();
            return response;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the caller's thread must still see it was interrupted
            throw new ApiConnectionException("Interrupted while waiting for the response", request.method(),
                    request.uri(), e);
        } finally {
            settings.listener().onAttempt(request.method(), request.uri(), status,
                    Duration.ofNanos(System.nanoTime() - start));
        }
    }

    private static ApiConnectionException connectionFailed(HttpRequest request, IOException e, int attempts) {
        String what = e instanceof HttpTimeoutException ? "Timed out" : "Connection failed";
        String plural = attempts == 1 ? " attempt" : " attempts";
        return new ApiConnectionException(what + " after " + attempts + plural + ": " + e, request.method(),
                request.uri(), e);
    }

    private static void sleep(HttpRequest request, Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiConnectionException("Interrupted while waiting to retry", request.method(), request.uri(), e);
        }
    }

    /** A byte response seen as text: error responses carry a problem document, which is UTF-8 JSON. */
    private record TextResponse(HttpResponse<byte[]> bytes) implements HttpResponse<String> {

        @Override
        public int statusCode() {
            return bytes.statusCode();
        }

        @Override
        public HttpRequest request() {
            return bytes.request();
        }

        @Override
        public java.util.Optional<HttpResponse<String>> previousResponse() {
            return java.util.Optional.empty();
        }

        @Override
        public java.net.http.HttpHeaders headers() {
            return bytes.headers();
        }

        @Override
        public String body() {
            return bytes.body() == null ? "" : new String(bytes.body(), StandardCharsets.UTF_8);
        }

        @Override
        public java.util.Optional<javax.net.ssl.SSLSession> sslSession() {
            return bytes.sslSession();
        }

        @Override
        public java.net.URI uri() {
            return bytes.uri();
        }

        @Override
        public java.net.http.HttpClient.Version version() {
            return bytes.version();
        }
    }
}
