package dev.inboxes.mcp;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The bound of a tool result's text that is not a page: {@value AgentPages#TEXT_BUDGET} characters over all its
 * text blocks. One function for every such result (a message read in parts), so a further bound (tokens) is added
 * here once.
 */
@ApplicationScoped
public class ResultBudget {

    public int characters() {
        return AgentPages.TEXT_BUDGET;
    }

    /** The bound as an agent reads it, e.g. {@code 16000 characters}. */
    public String describe() {
        return characters() + " characters";
    }

    /** Whether the text blocks together fit. */
    public boolean fits(String first, String... others) {
        int characters = first.length();
        for (String block : others) {
            characters += block.length();
        }
        return characters <= characters();
    }

    /**
     * How many of {@code text}'s first characters fit beside the blocks {@code besides} (the rest of the result):
     * for a long text returned in budgeted parts.
     */
    public int prefixFitting(String text, String besides) {
        return Math.min(text.length(), Math.max(0, characters() - besides.length()));
    }
}
