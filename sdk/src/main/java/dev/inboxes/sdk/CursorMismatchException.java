package dev.inboxes.sdk;

import java.net.URI;

/**
 * The cursor was issued for different filters, another list or another account (400 {@code cursor-mismatch}).
 * Repeat the request with the filters that produced the cursor. A {@link ValidationException}, so one catch handles
 * every 400.
 */
public class CursorMismatchException extends ValidationException {

    /** For an HTTP error response. */
    public CursorMismatchException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
