package dev.inboxes.sdk;

import java.net.URI;

/**
 * No HTTP response: the connection failed or timed out (after the retries an idempotent call gets), or the
 * calling thread was interrupted (its interrupt flag is then set again). {@link #getCause()} holds the I/O error.
 */
public class ApiConnectionException extends InboxesException {

    /** For a request that got no response. */
    public ApiConnectionException(String message, String requestMethod, URI requestUri, Throwable cause) {
        super(message + " (" + requestMethod + " " + requestUri + ")", null, requestMethod, requestUri, cause);
    }
}
