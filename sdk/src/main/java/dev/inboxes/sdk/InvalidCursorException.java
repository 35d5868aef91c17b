package dev.inboxes.sdk;

import java.net.URI;

/**
 * The cursor is malformed, altered or from another deployment (400 {@code invalid-cursor}). Pass the cursor exactly
 * as a page returned it, or start again without one. A {@link ValidationException}, so one catch handles every 400.
 */
public class InvalidCursorException extends ValidationException {

    /** For an HTTP error response. */
    public InvalidCursorException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
