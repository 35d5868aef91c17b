package dev.inboxes.mcp.respond;

import dev.inboxes.mcp.text.TokenCounter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The two bounds of every tool result's text: {@value #TEXT_BUDGET} characters and a number of tokens
 * ({@link AgentSettings#tokenBudget()}, 5,000 unless configured). Characters alone do not bound a context: a page
 * of non-ASCII names once held 12,649 tokens within 16,000 characters.
 */
@ApplicationScoped
public class AgentBudget {

    /** The most characters of text one tool result may put into an agent's context. */
    public static final int TEXT_BUDGET = 16_000;

    private final TokenCounter tokens;
    private final int tokenBudget;

    @Inject
    public AgentBudget(TokenCounter tokens, AgentSettings settings) {
        this.tokens = tokens;
        this.tokenBudget = settings.tokenBudget();
    }

    public int characters() {
        return TEXT_BUDGET;
    }

    public int tokens() {
        return tokenBudget;
    }

    /** The bounds as an agent reads them, e.g. {@code 16000 characters and 5000 tokens}. */
    public String describe() {
        return characters() + " characters and " + tokenBudget + " tokens";
    }

    /**
     * How full a result's text blocks are: at most 1 when they fit both bounds, otherwise the factor by which the
     * fuller bound is exceeded. Tokens are counted only when the characters leave room, and no more than it takes to
     * show the blocks fit: the first block (a page, a result) line by line ({@link TokenCounter#countLines}), the
     * others (a summary line) whole.
     */
    public double load(String first, String... others) {
        int characters = first.length();
        int bytes = TokenCounter.utf8Length(first);
        for (String block : others) {
            characters += block.length();
            bytes += TokenCounter.utf8Length(block);
        }
        double byCharacters = (double) characters / characters();
        if (byCharacters > 1 || bytes <= tokenBudget) {
            return byCharacters;
        }
        int counted = 0;
        for (String block : others) {
            counted += tokens.count(block);
        }
        counted += tokens.countLines(first, tokenBudget - counted);
        return Math.max(byCharacters, (double) counted / tokenBudget);
    }

    public boolean fits(String first, String... others) {
        return load(first, others) <= 1;
    }

    /**
     * How many of {@code text}'s first characters fit in both bounds beside the blocks {@code besides} (a summary,
     * headers): for a long text, such as a message body, returned in budgeted parts.
     */
    public int prefixFitting(String text, String besides) {
        int characters = Math.max(0, characters() - besides.length() - 1);
        int tokensLeft = Math.max(0, tokenBudget - tokens.count(besides) - 1);
        String head = text.length() > characters ? text.substring(0, characters) : text;
        return tokens.prefixWithin(head, tokensLeft);
    }
}
