package dev.inboxes.sdk;

import java.io.Serializable;

/**
 * An error response: the RFC 9457 problem the server sent, or one the SDK derived from a response that was
 * not a problem (for example an HTML page from a proxy). Serializable, like the exceptions that hold it.
 *
 * @param type   the problem type URI, e.g. {@code https://inboxes.dev/problems/not-found}; {@code null} when
 *               the response was not a problem
 * @param title  a short summary, e.g. {@code Not found}
 * @param status the HTTP status code
 * @param detail what went wrong and what to do next
 */
public record Problem(String type, String title, int status, String detail) implements Serializable {

    /** The URI prefix of every problem type this service defines. */
    public static final String TYPE_PREFIX = "https://inboxes.dev/problems/";

    /** @return the last segment of an Inboxes problem type, e.g. {@code not-found}; {@code null} for other types */
    public String slug() {
        return type != null && type.startsWith(TYPE_PREFIX) ? type.substring(TYPE_PREFIX.length()) : null;
    }
}
