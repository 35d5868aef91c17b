package dev.inboxes.sdk;

import java.net.URI;

/**
 * The API key is missing, unknown or not allowed to do this (401, 403). Check {@link
 * InboxesClientBuilder#apiKey(String)}.
 */
public class AuthenticationException extends InboxesException {

    /** For an HTTP error response. */
    public AuthenticationException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
