package dev.inboxes.mcp;

import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A tool result as agents get it: the structured content, its text ({@link AgentText}) and a summary line, within
 * the budget ({@link AgentBudget}). A result too large to fit whole keeps its structured content whole, and its text
 * shows long values cut short, shorter until it fits; the summary says so.
 */
@ApplicationScoped
public class AgentResults {

    /** The shortest a long value is cut to, so it stays recognizable. */
    private static final int SHORTEST_CUT = 40;

    private final AgentText text;
    private final AgentBudget budget;

    @Inject
    public AgentResults(AgentText text, AgentBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    public ToolResponse respond(Object structured, String summary) {
        String whole = text.render(structured);
        return budget.fits(whole, summary) ? response(structured, whole, summary) : cut(structured, summary);
    }

    /** The result with long values cut in its text until the text fits. */
    ToolResponse cut(Object structured, String summary) {
        return cut(structured, summary, UnaryOperator.identity());
    }

    /** As {@link #cut(Object, String)}, with a frame around the text that counts against the budget. */
    ToolResponse cut(Object structured, String summary, UnaryOperator<String> frame) {
        String said = summary + " Long values are cut short in this text (" + AgentText.CUT + " marks each cut) to "
                + "stay within " + budget.describe() + "; structuredContent has them whole.";
        int longest = AgentPages.TEXT_BUDGET;
        String cut = frame.apply(text.renderCut(structured, longest));
        while (!budget.fits(cut, said) && longest > SHORTEST_CUT) {
            longest = Math.max(SHORTEST_CUT, longest / 2);
            cut = frame.apply(text.renderCut(structured, longest));
        }
        return response(structured, cut, said);
    }

    static ToolResponse response(Object structured, String text, String summary) {
        return new ToolResponse(false, List.of(new TextContent(text), new TextContent(summary)), structured, null);
    }
}
