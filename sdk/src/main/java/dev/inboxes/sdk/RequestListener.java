package dev.inboxes.sdk;

import java.net.URI;
import java.time.Duration;

/**
 * Observes every HTTP attempt the client makes, retries included: for logging, metrics or tests.
 *
 * <p>Called on the calling thread, after each attempt ends. It should return quickly and not throw: an
 * exception thrown here propagates to the caller of the SDK method.
 */
@FunctionalInterface
public interface RequestListener {

    /** A listener that does nothing. */
    RequestListener NONE = (method, uri, status, duration) -> { };

    /**
     * @param method   the HTTP method, e.g. {@code GET}
     * @param uri      the full request URI, query included
     * @param status   the HTTP status, or -1 when the attempt got no response (I/O error, timeout, interrupt)
     * @param duration how long the attempt took
     */
    void onAttempt(String method, URI uri, int status, Duration duration);
}
