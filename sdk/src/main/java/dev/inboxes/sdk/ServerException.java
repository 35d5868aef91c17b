package dev.inboxes.sdk;

import java.net.URI;

/**
 * The server failed (5xx), including a 503 that persisted through every retry and a non-problem error page from a
 * proxy (502, 504).
 */
public class ServerException extends InboxesException {

    /** For an HTTP error response. */
    public ServerException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
