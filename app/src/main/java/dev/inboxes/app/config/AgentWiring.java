package dev.inboxes.app.config;

import dev.inboxes.mcp.AgentSettings;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The MCP adapter's settings from configuration. */
public class AgentWiring {

    /** Built at start-up, so a bad setting stops the service before it accepts requests. */
    @Produces
    @Singleton
    @Startup
    AgentSettings agentSettings(InboxesConfig config) {
        try {
            return new AgentSettings(config.mcp().textFormat(), config.mcp().tokenBudget());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid inboxes.mcp configuration: " + e.getMessage(), e);
        }
    }
}
