package dev.inboxes.sdk;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Too many requests (429), after the SDK's own retries: it retries a 429 (for every call, since the server refuses
 * it before doing anything) after the server's {@code Retry-After}, up to the client's {@code maxRetries}, unless
 * the server asks to wait longer than the client's {@code maxBackoff}. Wait {@link #retryAfter()} before trying again.
 */
public class RateLimitedException extends InboxesException {

    private final Duration retryAfter;

    /** For an HTTP 429 response; {@code retryAfter} may be null. */
    public RateLimitedException(Problem problem, String requestMethod, URI requestUri, Duration retryAfter) {
        super(problem, requestMethod, requestUri);
        this.retryAfter = retryAfter;
    }

    /** @return the server's {@code Retry-After}, when it sent one */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
