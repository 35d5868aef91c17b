package dev.inboxes.app.operations;

import dev.inboxes.api.http.AcceptedConnections;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.OptionalInt;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness is {@code DOWN} while the API port holds as many connections as it accepts
 * ({@code quarkus.http.limits.max-connections}): a new client would be refused at once, so Kubernetes should route it
 * to another replica until connections close. The check is served on the management interface, which that limit
 * does not cover. It is {@code DOWN} too until the connections are counted, just after the server's start.
 */
@Readiness
@ApplicationScoped
public class ConnectionSaturation implements HealthCheck {

    private final AcceptedConnections connections;

    ConnectionSaturation(AcceptedConnections connections) {
        this.connections = connections;
    }

    @Override
    public HealthCheckResponse call() {
        int open = connections.open();
        OptionalInt max = connections.maxConnections();
        return HealthCheckResponse.named("http-connections")
                .status(connections.counting() && (max.isEmpty() || open < max.getAsInt()))
                .withData("counting", connections.counting())
                .withData("open", open)
                .withData("max", max.isPresent() ? max.getAsInt() : -1)
                .withData("most-from-one-address", connections.mostFromOneAddress())
                .build();
    }
}
