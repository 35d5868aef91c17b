package dev.inboxes.mcp.session;

import io.quarkiverse.mcp.server.Cancellation;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.BooleanSupplier;

/**
 * Whether the client of a long tool call (a wait, a question to the user) is still there: it may cancel the call,
 * or just close the response stream, which the MCP library does not tell a tool. Reading the call's HTTP response
 * takes the HTTP extension's request holder, which is runtime API, hence here.
 */
@ApplicationScoped
public class CallConnection {

    @Inject
    CurrentVertxRequest currentRequest;

    /**
     * Call it on the tool call's own thread, where its HTTP request is current; the answer may be asked from any
     * thread later.
     *
     * @return true once the client cancelled the call or closed its response
     */
    public BooleanSupplier abandonment(Cancellation cancellation) {
        RoutingContext call = currentRequest.getCurrent();
        HttpServerResponse response = call == null ? null : call.response();
        return () -> cancellation.check().isRequested() || response != null && response.closed();
    }
}
