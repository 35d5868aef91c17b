package dev.inboxes.app.config;

import dev.inboxes.mcp.respond.AgentSettings;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The MCP adapter's settings from configuration. */
public class AgentWiring {

    /** Built at start-up, so a bad setting stops the service before it accepts requests. */
    @Produces
    @Singleton
    @Startup
    AgentSettings agentSettings(InboxesConfig config,
            @ConfigProperty(name = "quarkus.http.idle-timeout") Optional<Duration> idleTimeout) {
        Duration confirmation = config.mcp().confirmationTimeout();
        if (idleTimeout.isPresent() && confirmation.compareTo(idleTimeout.get()) >= 0) {
            // While the user is asked, the tool call's response sends nothing: the connection would close first.
            throw new IllegalStateException("Invalid inboxes.mcp configuration: confirmation-timeout (" + confirmation
                    + ") must be below quarkus.http.idle-timeout (" + idleTimeout.get() + ").");
        }
        try {
            return new AgentSettings(config.mcp().textFormat(), config.mcp().tokenBudget(), confirmation);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid inboxes.mcp configuration: " + e.getMessage(), e);
        }
    }
}
