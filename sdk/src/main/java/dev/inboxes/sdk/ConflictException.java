package dev.inboxes.sdk;

import java.net.URI;

/**
 * The request conflicts with existing state: the address is taken (409 {@code address-taken}) or the idempotency
 * key was used before with another body (422 {@code idempotency-key-reused}); {@link #problemType()} tells which.
 */
public class ConflictException extends InboxesException {

    /** For an HTTP error response. */
    public ConflictException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
