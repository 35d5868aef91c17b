package dev.inboxes.mcp;

import dev.inboxes.mcp.text.TextFormat;

/**
 * How the tools write their results for agents, from the service's configuration ({@code inboxes.mcp.*}). A class,
 * not a record: records of this module are what its tools serialize.
 */
public final class AgentSettings {

    public static final int DEFAULT_TOKEN_BUDGET = 5_000;
    /** The largest single row (a message with a 998-character subject of rare characters) needs about this many. */
    public static final int MIN_TOKEN_BUDGET = 1_000;

    public static final AgentSettings DEFAULTS = new AgentSettings(TextFormat.TOON, DEFAULT_TOKEN_BUDGET);

    private final TextFormat textFormat;
    private final int tokenBudget;

    /**
     * @param textFormat  the format of a result's text block; {@code structuredContent} is JSON either way
     * @param tokenBudget the most tokens (o200k) a result's text may have, besides the {@value AgentPages#TEXT_BUDGET}
     *                    characters
     * @throws IllegalArgumentException when the format is missing or the budget below {@value #MIN_TOKEN_BUDGET}
     */
    public AgentSettings(TextFormat textFormat, int tokenBudget) {
        if (textFormat == null) {
            throw new IllegalArgumentException("a text format is required (toon or json)");
        }
        if (tokenBudget < MIN_TOKEN_BUDGET) {
            throw new IllegalArgumentException("the token budget must be at least " + MIN_TOKEN_BUDGET + " tokens, not "
                    + tokenBudget);
        }
        this.textFormat = textFormat;
        this.tokenBudget = tokenBudget;
    }

    public TextFormat textFormat() {
        return textFormat;
    }

    public int tokenBudget() {
        return tokenBudget;
    }
}
