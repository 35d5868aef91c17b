package dev.inboxes.mcp.respond;

import dev.inboxes.mcp.text.TextFormat;
import java.time.Duration;

/**
 * How the tools serve agents, from the service's configuration ({@code inboxes.mcp.*}): how they write their results,
 * and how long a destructive tool waits for the user's confirmation. A class, not a record: records of this module are
 * what its tools serialize.
 */
public final class AgentSettings {

    public static final int DEFAULT_TOKEN_BUDGET = 5_000;
    /** The largest single row (a message with a 998-character subject of rare characters) needs about this many. */
    public static final int MIN_TOKEN_BUDGET = 1_000;

    /**
     * How long a tool waits for the user to answer its confirmation (MCP elicitation) by default: time to read a short
     * question, and well below the HTTP idle timeout, since the call's response stream is silent meanwhile.
     */
    public static final Duration DEFAULT_CONFIRMATION_TIMEOUT = Duration.ofSeconds(60);

    public static final AgentSettings DEFAULTS = new AgentSettings(TextFormat.TOON, DEFAULT_TOKEN_BUDGET);

    private final TextFormat textFormat;
    private final int tokenBudget;
    private final Duration confirmationTimeout;

    /**
     * @param textFormat  the format of a result's text block; {@code structuredContent} is JSON either way
     * @param tokenBudget the most tokens (o200k) a result's text may have, besides the {@value AgentBudget#TEXT_BUDGET}
     *                    characters
     * @throws IllegalArgumentException when the format is missing or the budget below {@value #MIN_TOKEN_BUDGET}
     */
    public AgentSettings(TextFormat textFormat, int tokenBudget) {
        this(textFormat, tokenBudget, DEFAULT_CONFIRMATION_TIMEOUT);
    }

    /**
     * @param confirmationTimeout how long a tool waits for the user's answer to its confirmation before it gives up,
     *                            doing nothing; at least a second
     * @throws IllegalArgumentException as above, or when the timeout is missing or shorter than a second
     */
    public AgentSettings(TextFormat textFormat, int tokenBudget, Duration confirmationTimeout) {
        if (textFormat == null) {
            throw new IllegalArgumentException("a text format is required (toon or json)");
        }
        if (tokenBudget < MIN_TOKEN_BUDGET) {
            throw new IllegalArgumentException("the token budget must be at least " + MIN_TOKEN_BUDGET + " tokens, not "
                    + tokenBudget);
        }
        if (confirmationTimeout == null || confirmationTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the confirmation timeout must be at least 1 second, not "
                    + confirmationTimeout);
        }
        this.textFormat = textFormat;
        this.tokenBudget = tokenBudget;
        this.confirmationTimeout = confirmationTimeout;
    }

    public TextFormat textFormat() {
        return textFormat;
    }

    public int tokenBudget() {
        return tokenBudget;
    }

    public Duration confirmationTimeout() {
        return confirmationTimeout;
    }
}
