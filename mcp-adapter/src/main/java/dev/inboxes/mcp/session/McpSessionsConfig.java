package dev.inboxes.mcp.session;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Limits on MCP sessions, under {@code inboxes.mcp.*} (environment: {@code INBOXES_MCP_*}). */
@ConfigMapping(prefix = "inboxes.mcp")
public interface McpSessionsConfig {

    /**
     * The most MCP sessions one account may hold open. Opening one more ends that account's least recently used
     * session: its client gets {@code 404} on its next request and initializes again, as the protocol prescribes.
     */
    @WithDefault("32")
    int sessionsPerAccount();

    /**
     * The most MCP sessions the server holds open, all accounts together. Opening one more ends the least recently
     * used session of any account.
     */
    @WithDefault("10000")
    int maxSessions();

    /** How long an MCP session may stay unused before the server ends it. */
    @WithDefault("10M")
    Duration sessionIdleTimeout();
}
