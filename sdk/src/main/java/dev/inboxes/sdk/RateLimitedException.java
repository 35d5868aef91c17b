package dev.inboxes.sdk;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Too many requests (429). Not retried automatically: the SDK retries only failures that say nothing about
 * the caller's behaviour. Wait {@link #retryAfter()} before trying again.
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
