package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.impl.RoutingContextInternal;
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
 * It runs where Quarkus puts its own body handler: first, before CORS and authentication, while the request is
 * still in the state Quarkus left it in (a body read after authentication may never see the end of a request that
 * ended early). A body that declares more than the size limit is left to {@link dev.inboxes.api.problem.BodySizeLimit},
 * which refuses it unread.
 * <p>
 * A non-blocking JAX-RS method would not see a body buffered here: Quarkus REST reads those bodies itself and
 * finds the request already ended. {@code ArchitectureTest} keeps every method that takes a body blocking.
 */
@ApplicationScoped
public class BufferedRequestBodies {

    /** Right after the connection count ({@link ConnectionsPerAddress}), before CORS (-300) and authentication (-200). */
    private static final int ORDER = -999;

    private final BodyHandler bodies;
    private final long limit;
    private final long deadlineMillis;

    BufferedRequestBodies(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize limit,
            HttpLimitsConfig config) {
        this.limit = limit.asLongValue();
        this.bodies = BodyHandler.create(false).setBodyLimit(this.limit).setMergeFormAttributes(false);
        this.deadlineMillis = config.bodyDeadline().toMillis();
    }

    void register(@Observes Router router) {
        router.route().order(ORDER).handler(this::read);
        router.route().order(ORDER + 1).handler(this::emptyUnlessRead);
    }

    private void read(RoutingContext context) {
        HttpServerRequest request = context.request();
        if (!mayHaveBody(request) || request.isEnded() || declaresOverLimit(request)) {
            context.next();
            return;
        }
        long timer = context.vertx().setTimer(deadlineMillis, fired -> cutOff(context));
        context.addEndHandler(ended -> context.vertx().cancelTimer(timer));
        bodies.handle(context);
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
        try {
            String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
            return declared != null && Long.parseLong(declared.trim()) > limit;
        } catch (NumberFormatException notANumber) {
            return false; // the HTTP codec has refused it already
        }
    }

    private static boolean mayHaveBody(HttpServerRequest request) {
        return request.headers().contains(HttpHeaders.CONTENT_LENGTH)
                || request.headers().contains(HttpHeaders.TRANSFER_ENCODING);
    }
}
