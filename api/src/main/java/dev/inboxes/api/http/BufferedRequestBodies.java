package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.Context;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads every request body completely, on the event loop, before any handler runs, within a deadline for the whole
 * body. Quarkus REST reads the body of a blocking endpoint (all of ours) on its worker thread, blocking until the last
 * byte arrives, so a client trickling a body in held a worker per connection: a few hundred such clients pinned the
 * whole pool, health checks included. Once a body is buffered here ({@link BodyHandler}, as Quarkus installs it when
 * an extension needs the body), Quarkus REST reads it from memory and a worker is only taken for the work itself.
 * A body still incomplete at the deadline gets a {@code 408} problem and its connection is closed.
 * <p>
 * A non-blocking JAX-RS method would not see a body buffered here: Quarkus REST reads those bodies itself and
 * finds the request already ended. {@code ArchitectureTest} keeps every method that takes a body blocking.
 */
@ApplicationScoped
public class BufferedRequestBodies {

    /** After the declared-size check ({@link dev.inboxes.api.problem.BodySizeLimit}, -3), before every handler. */
    private static final int ORDER = -2;

    private final BodyHandler bodies;
    private final long deadlineMillis;

    BufferedRequestBodies(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize limit,
            HttpLimitsConfig config) {
        this.bodies = BodyHandler.create(false).setBodyLimit(limit.asLongValue()).setMergeFormAttributes(false);
        this.deadlineMillis = config.bodyDeadline().toMillis();
    }

    void register(@Observes Router router) {
        router.route().order(ORDER).handler(this::read);
    }

    private void read(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (!mayHaveBody(request) || request.isEnded()) {
            context.next();
            return;
        }
        if (!Context.isOnEventLoopThread()) {
            // Authentication that blocked continues on a worker: read on the connection's event loop, as Quarkus does.
            ((ConnectionBase) request.connection()).channel().eventLoop().execute(() -> read(context));
            return;
        }
        long timer = context.vertx().setTimer(deadlineMillis, fired -> cutOff(context));
        context.addEndHandler(ended -> context.vertx().cancelTimer(timer));
        bodies.handle(context);
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

    private static boolean mayHaveBody(HttpServerRequest request) {
        return request.headers().contains(HttpHeaders.CONTENT_LENGTH)
                || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    }
}
