package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Caps the connections one client address holds open on the API port. Quarkus and Vert.x cap connections only in
 * total ({@code quarkus.http.limits.max-connections}), which lets one client take them all. A connection is counted
 * from its first request until it closes; a request on a connection over the cap is answered {@code 429} and the
 * connection closed, so the client learns why instead of seeing a refused connection. The management interface
 * (health, metrics) is a server of its own and is not counted.
 */
@ApplicationScoped
public class ConnectionsPerAddress {

    /** First of all routes: before CORS (-300) and authentication (-200), so unauthenticated floods count too. */
    private static final int ORDER = -1_000;
    private static final String RETRY_AFTER_SECONDS = "1";

    private final int cap;
    private final Map<HttpConnection, String> counted = new ConcurrentHashMap<>();
    private final Map<String, Integer> open = new ConcurrentHashMap<>();

    ConnectionsPerAddress(HttpLimitsConfig config) {
        this.cap = config.connectionsPerAddress();
    }

    void register(@Observes Router router) {
        router.route().order(ORDER).handler(this::check);
    }

    private void check(RoutingContext context) {
        HttpConnection connection = context.request().connection();
        if (connection.remoteAddress() == null || counted.containsKey(connection)) {
            context.next(); // a unix socket, or a connection already counted (keep-alive)
            return;
        }
        String address = connection.remoteAddress().hostAddress();
        counted.put(connection, address);
        int connections = open.merge(address, 1, Integer::sum);
        // Netty's close future, not HttpConnection.closeHandler: that one holds a single handler, which Vert.x and
        // other extensions set too.
        ((ConnectionBase) connection).channel().closeFuture().addListener(closed -> release(connection));
        if (connections <= cap) {
            context.next();
            return;
        }
        context.response().putHeader(HttpHeaders.CONNECTION, "close")
                .putHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS)
                .endHandler(written -> connection.close());
        ProblemType.TOO_MANY_CONNECTIONS.end(context.response(), "This client address already has " + cap
                + " connections open, the most allowed. Reuse open connections (keep-alive) or close idle ones, "
                + "then retry.");
    }

    private void release(HttpConnection connection) {
        String address = counted.remove(connection);
        if (address != null) {
            open.computeIfPresent(address, (key, count) -> count == 1 ? null : count - 1);
        }
    }
}
