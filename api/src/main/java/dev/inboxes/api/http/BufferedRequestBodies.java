package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.MemoryBudget;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.impl.RoutingContextInternal;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.quarkus.vertx.http.runtime.security.SecurityHandlerPriorities;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import jakarta.enterprise.event.Observes;

/**
 * Reads every request body completely, on the event loop, once the request is authenticated and within its rate
 * limits, and within a deadline for the whole body. Quarkus REST reads the body of a blocking endpoint (all of ours)
 * on its worker thread, blocking until the last byte arrives, so a client trickling a body in held a worker per
 * connection: a few hundred such clients pinned the whole pool, health checks included. Once a body is buffered here
 * ({@link BodyHandler}, as Quarkus installs it when an extension needs the body), Quarkus REST reads it from memory
 * and a worker is only taken for the work itself. A body still incomplete at the deadline gets a {@code 408} problem
 * and its connection is closed.
 * <p>
 * Nothing is read before the request is known to be allowed: the request is paused first of all routes (its bytes
 * wait in the connection, which stops reading from the socket when they pile up) and read only after authorization
 * and the rate limits. A request refused before then (401, 403, 429, a 503 of a full worker queue) is answered with
 * {@code Connection: close}, its body dropped as it arrives, and its connection closed; a request with
 * {@code Content-Length: 0} counts as one with a body here, as some clients send it on every request. Buffered
 * bodies share one budget, {@link HttpLimitsConfig#bodyBudget()}: a body that does not
 * fit is refused unread with a {@code 503} problem and {@code Retry-After}, so many large bodies at once cost a bounded
 * heap instead of an {@link OutOfMemoryError}. A body that declares more than the size limit is left to
 * {@link dev.inboxes.api.problem.BodySizeLimit}, which refuses it unread.
 * <p>
 * A non-blocking JAX-RS method would not see a body buffered here: Quarkus REST reads those bodies itself and
 * finds the request already ended. {@code ArchitectureTest} keeps every method that takes a body blocking.
 */
@ApplicationScoped
public class BufferedRequestBodies {

    /** First of all routes, before CORS (-300) and authentication (-200): nothing is read until allowed. */
    private static final int PAUSE_ORDER = -999;
    /** After authorization (100) and the rate limits (before it): the filter priority of the read. */
    static final int READ_PRIORITY = SecurityHandlerPriorities.AUTHORIZATION - 10;
    private static final String RETRY_AFTER_SECONDS = "1";
    private static final String BODY_READ = BufferedRequestBodies.class.getName() + ".read";

    private final BodyHandler largeBodies;
    private final BodyHandler usualBodies;
    private final RequestBodyLimits limits;
    private final long deadlineMillis;
    private final MemoryBudget budget;

    BufferedRequestBodies(RequestBodyLimits limits, HttpLimitsConfig config) {
        this.limits = limits;
        this.largeBodies = BodyHandler.create(false).setBodyLimit(limits.largest()).setMergeFormAttributes(false);
        this.usualBodies = BodyHandler.create(false).setBodyLimit(limits.limitFor("/")).setMergeFormAttributes(false);
        this.deadlineMillis = config.bodyDeadline().toMillis();
        this.budget = new MemoryBudget(config.bodyBudget().asLongValue());
    }

    void register(@Observes Router router) {
        router.route().order(PAUSE_ORDER).handler(this::pause);
    }

    void register(@Observes Filters filters) {
        filters.register(this::read, READ_PRIORITY);
        // Quarkus REST's own routes come after every filter: an empty body is marked read just before them.
        filters.register(this::emptyUnlessRead, READ_PRIORITY - 1);
    }

    /** Bytes of request bodies buffered now, all connections together. */
    public long buffered() {
        return budget.held();
    }

    private void pause(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (mayHaveBody(request) && !request.isEnded()) {
            request.pause();
            context.addHeadersEndHandler(headers -> {
                if (context.get(BODY_READ) == null && !request.isEnded() && !declaresOverLimit(request)) {
                    // Said in the response: a keep-alive client would otherwise send its next request on it.
                    context.response().putHeader(HttpHeaders.CONNECTION, "close");
                    discardThenClose(context);
                }
            });
        }
        context.next();
    }

    /**
     * Answered before its body was read (refused, or past the budget): the body is read and dropped as it arrives,
     * within the body deadline, then the connection is closed. Closed at once, with the body's bytes unread, the
     * socket would be reset, and the client would lose the answer telling it why.
     */
    private void discardThenClose(RoutingContext context) {
        HttpServerRequest request = context.request();
        long timer = context.vertx().setTimer(deadlineMillis, fired -> request.connection().close());
        request.exceptionHandler(closed -> { })
                .handler(dropped -> { })
                .endHandler(ended -> {
                    context.vertx().cancelTimer(timer);
                    request.connection().close();
                })
                .resume();
    }

    private void read(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (!mayHaveBody(request) || request.isEnded() || declaresOverLimit(request)) {
            context.next();
            return;
        }
        long limit = limits.limitFor(request.path());
        long size = declared(request).orElse(limit);
        if (!budget.tryReserve(size)) {
            context.response().putHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
            ProblemType.UNAVAILABLE.end(context.response(), "The server is reading as many request bodies as it "
                    + "holds at once. Retry after " + RETRY_AFTER_SECONDS + " second (the Retry-After header); the "
                    + "request was not processed, so it is safe to send again.");
            return;
        }
        context.put(BODY_READ, Boolean.TRUE);
        AtomicBoolean released = new AtomicBoolean();
        long timer = context.vertx().setTimer(deadlineMillis, fired -> cutOff(context));
        context.addEndHandler(ended -> {
            context.vertx().cancelTimer(timer);
            if (released.compareAndSet(false, true)) {
                budget.release(size);
            }
        });
        (limit == limits.largest() ? largeBodies : usualBodies).handle(context);
    }

    /**
     * A body that arrived empty is buffered as empty, not absent: Quarkus REST reads an absent one from the request
     * itself, which has already ended, and would wait for it forever.
     */
    private void emptyUnlessRead(RoutingContext context) {
        if (mayHaveBody(context.request()) && context.body().buffer() == null && context.request().isEnded()) {
            ((RoutingContextInternal) context).setBody(Buffer.buffer());
        }
        context.next();
    }

    private void cutOff(RoutingContext context) {
        if (context.request().isEnded() || context.response().ended()) {
            return; // the body arrived in time
        }
        // The body reader would report the connection's closing as a failure: it is the intended end here.
        context.request().exceptionHandler(closed -> { });
        context.response().putHeader(HttpHeaders.CONNECTION, "close")
                .endHandler(written -> context.request().connection().close());
        ProblemType.REQUEST_TIMEOUT.end(context.response(), "The request body did not arrive within "
                + deadlineMillis / 1000 + " seconds of the request's headers. Send the whole body at once, then retry.");
    }

    private boolean declaresOverLimit(HttpServerRequest request) {
        return declared(request).orElse(0) > limits.limitFor(request.path());
    }

    private static OptionalLong declared(HttpServerRequest request) {
        try {
            String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
            return declared == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(declared.trim()));
        } catch (NumberFormatException notANumber) {
            return OptionalLong.empty(); // the HTTP codec has refused it already
        }
    }

    private static boolean mayHaveBody(HttpServerRequest request) {
        return request.headers().contains(HttpHeaders.CONTENT_LENGTH)
                || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    }
}
