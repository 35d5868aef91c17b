package dev.inboxes.api.problem;

import dev.inboxes.domain.shared.Text;
import io.quarkus.security.AuthenticationException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.RejectedExecutionException;
import org.jboss.logging.Logger;

/**
 * Failures of the HTTP layer outside the REST framework (its own exceptions have mappers): a request without
 * {@code Host}, a body over the limit read by the MCP endpoint's body handler, a forbidden route, a saturated worker
 * pool, a handler that threw. Quarkus' last-resort handler answers most of them with an empty body or its own JSON;
 * this one, on the same router and earlier, answers an RFC 9457 problem. Authentication failures go on to Quarkus,
 * which sends the challenge (with its problem body, see {@code ApiKeyAuthenticationMechanism}).
 */
@ApplicationScoped
public class RoutingFailures {

    private static final Logger LOG = Logger.getLogger(RoutingFailures.class);
    /** Before every failure handler of the application's routes, none of which this one shadows. */
    private static final int ORDER = -10_000;
    static final String BUSY_RETRY_AFTER_SECONDS = "1";

    void register(@Observes Router router) {
        router.route().order(ORDER).failureHandler(this::handle);
    }

    void handle(RoutingContext context) {
        Throwable failure = context.failure();
        if (failure instanceof UnauthorizedException || failure instanceof AuthenticationException) {
            context.next();
            return;
        }
        if (context.response().ended() || context.response().headWritten()) {
            return; // nothing more can be said; Vert.x closes what is left
        }
        if (failure instanceof HttpClosedException) {
            // The connection closed while its request was read: the client left, or was refused and closed (a
            // malformed chunk, the body deadline). Nobody is there to answer, and nothing failed on this side.
            LOG.debugf("Connection closed during %s %s", context.request().method(), Text.quote(context.request().path()));
            return;
        }
        if (failure instanceof ForbiddenException) {
            ProblemType.FORBIDDEN.end(context.response(), "This route is not open to this API key.");
            return;
        }
        if (failure instanceof RejectedExecutionException) {
            LOG.warn("Worker pool saturated: answering 503");
            context.response().putHeader(HttpHeaders.RETRY_AFTER, BUSY_RETRY_AFTER_SECONDS);
            ProblemType.UNAVAILABLE.end(context.response(), "The server is busy. Retry in a moment, with backoff.");
            return;
        }
        int status = statusOf(context);
        if (status >= 500) {
            LOG.error("Unexpected failure while routing " + context.request().method() + " "
                    + Text.quote(context.request().path()), failure);
            ProblemType.INTERNAL_ERROR.end(context.response(), "An unexpected error occurred. Retry later; if it "
                    + "persists, report it with the time of the request.");
            return;
        }
        ProblemType.forStatus(status).end(context.response(), status, detailOf(status, failure));
    }

    private static int statusOf(RoutingContext context) {
        if (context.statusCode() >= 400) {
            return context.statusCode();
        }
        return context.failure() instanceof HttpException http && http.getStatusCode() >= 400 ? http.getStatusCode() : 500;
    }

    private static String detailOf(int status, Throwable failure) {
        return switch (status) {
            case 413 -> "The request body is larger than this server accepts. Send a smaller body (for a message, a "
                    + "shorter text).";
            case 404 -> "There is no such route. The routes are listed in the OpenAPI document at /q/openapi.";
            case 405 -> "This method is not supported on this route. See /q/openapi for the methods of each route.";
            default -> "The request is malformed" + (failure != null && failure.getMessage() != null
                    ? ": " + Text.quote(failure.getMessage()) : "") + ". Check it against the HTTP specification and "
                    + "/q/openapi.";
        };
    }
}
