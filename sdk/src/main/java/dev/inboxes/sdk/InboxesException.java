package dev.inboxes.sdk;

import java.net.URI;

/**
 * The root of every exception the SDK throws for a failed call. Catch a subclass to handle one case
 * (e.g. {@link NotFoundException}), or this class to handle them all.
 *
 * <p>Unchecked, like the exceptions of most HTTP SDKs: most callers let them propagate.
 */
public class InboxesException extends RuntimeException {

    private final Problem problem;
    private final String requestMethod;
    private final URI requestUri;

    /** For an HTTP error response. */
    public InboxesException(Problem problem, String requestMethod, URI requestUri) {
        this(describe(problem, requestMethod, requestUri), problem, requestMethod, requestUri, null);
    }

    /** For a failure with no usable HTTP response ({@code problem} null) or a custom message. */
    protected InboxesException(String message, Problem problem, String requestMethod, URI requestUri,
                               Throwable cause) {
        super(message, cause);
        this.problem = problem;
        this.requestMethod = requestMethod;
        this.requestUri = requestUri;
    }

    /** @return the HTTP status, or -1 when no response was received (connection failure, paging error) */
    public int statusCode() {
        return problem == null ? -1 : problem.status();
    }

    /** @return the problem type URI, e.g. {@code https://inboxes.dev/problems/not-found}, or {@code null} */
    public String problemType() {
        return problem == null ? null : problem.type();
    }

    /** @return the problem's title, or {@code null} */
    public String title() {
        return problem == null ? null : problem.title();
    }

    /** @return the server's explanation of what went wrong and what to do next, or {@code null} */
    public String detail() {
        return problem == null ? null : problem.detail();
    }

    /** @return the HTTP method of the failed request, e.g. {@code GET} */
    public String requestMethod() {
        return requestMethod;
    }

    /** @return the URI of the failed request */
    public URI requestUri() {
        return requestUri;
    }

    /** "404 Not found: No inbox with id … (GET http://…)": the detail first, since it says what to do. */
    static String describe(Problem problem, String method, URI uri) {
        return problem.status() + " " + problem.title() + ": " + problem.detail() + " (" + method + " " + uri + ")";
    }
}
