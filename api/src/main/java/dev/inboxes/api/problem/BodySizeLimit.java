package dev.inboxes.api.problem;

import dev.inboxes.api.http.RequestBodyLimits;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses a body whose declared {@code Content-Length} is over its route's limit ({@link RequestBodyLimits}) with a
 * 413 problem, before anything reads it. Quarkus enforces the same limit one step later (for the largest limit), but with an empty body;
 * this runs first so a client learns the limit and what to do. (A chunked body that grows past the limit is
 * still cut off by Quarkus with a bare 413: its size is unknown until it is read.)
 */
@ApplicationScoped
public class BodySizeLimit {

    /** Just before Quarkus' own upload-limit route (order -2). */
    private static final int ORDER = -3;

    private final RequestBodyLimits limits;

    BodySizeLimit(RequestBodyLimits limits) {
        this.limits = limits;
    }

    void register(@Observes Router router) {
        router.route().order(ORDER).handler(this::check);
    }

    private void check(RoutingContext context) {
        String declared = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        // The route's limit only for a request that declares a body (a GET is most of them).
        long limit = declared == null ? Long.MAX_VALUE : limits.limitFor(context.request().path());
        if (declared == null || !isOver(declared, limit)) {
            context.next();
            return;
        }
        // Connection: close, so the unread body is not parsed as a next request.
        ProblemType.PAYLOAD_TOO_LARGE.end(context.response().putHeader(HttpHeaders.CONNECTION, "close"),
                "The request body declares " + declared + " bytes; this server accepts at most " + limit
                        + " bytes per request. Send a smaller body (for a message, a shorter text).");
    }

    private static boolean isOver(String declared, long limit) {
        try {
            return Long.parseLong(declared.trim()) > limit;
        } catch (NumberFormatException notANumber) {
            return false; // the HTTP codec has already rejected it or will
        }
    }
}
