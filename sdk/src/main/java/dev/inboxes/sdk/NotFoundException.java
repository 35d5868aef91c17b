package dev.inboxes.sdk;

import java.net.URI;

/**
 * The inbox (or route) does not exist in this account (404).
 */
public class NotFoundException extends InboxesException {

    /** For an HTTP error response. */
    public NotFoundException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
