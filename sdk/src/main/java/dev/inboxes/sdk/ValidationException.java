package dev.inboxes.sdk;

import java.net.URI;

/**
 * The server refused the request as invalid: a bad argument (400), or a wrong method, media type, size or URI (405,
 * 406, 413, 414, 415, other 4xx). {@link #detail()} names the problem and the fix.
 */
public class ValidationException extends InboxesException {

    /** For an HTTP error response. */
    public ValidationException(Problem problem, String requestMethod, URI requestUri) {
        super(problem, requestMethod, requestUri);
    }
}
