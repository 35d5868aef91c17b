package dev.inboxes.mcp.respond;

import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import io.quarkiverse.mcp.server.BlobResourceContents;
import io.quarkiverse.mcp.server.Content;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * Every tool result as agents get it, and the only place one is made: the structured content, its text
 * ({@link AgentText}: TOON unless configured otherwise) and a summary line, within the {@link AgentBudget}.
 * <p>
 * A result that does not fit shrinks by one rule ({@link #fit}): a page asks its list again for fewer rows, whose
 * cursor continues right after the last; a lone result or row keeps its structured content whole and cuts its long
 * values in the text; a message text comes in a shorter part, which the next part continues.
 * <p>
 * Tools call it rather than return values to a {@code ToolResponseEncoder}: the library serializes the value of a
 * tool with an output schema as JSON text itself, the copy of {@code structuredContent} this text replaces.
 */
@ApplicationScoped
// The MCP extension (1.13.0) registers its content types for the native image's JSON writing, but not ResourceLink:
// without this, a native get_message sent its links as {"type":"resource_link"}, every field dropped (McpResourcesIT).
@RegisterForReflection(targets = ResourceLink.class)
public class AgentResponder {

    /** The shortest a long value is cut to, so it stays recognizable. */
    private static final int SHORTEST_CUT = 40;
    /** Aim a little below the bound, for the result's fixed part, so a shrink seldom needs a second try. */
    private static final double MARGIN = 0.95;

    private final AgentText text;
    private final AgentBudget budget;

    @Inject
    public AgentResponder(AgentText text, AgentBudget budget) {
        this.text = text;
        this.budget = budget;
    }

    /** {@code structured}, its text and the summary; long values cut in the text if it is too large whole. */
    public ToolResponse respond(Object structured, String summary) {
        return respond(structured, summary, UnaryOperator.identity());
    }

    /** As {@link #respond(Object, String)}, with mail content in the text between the external-content markers. */
    public ToolResponse respondMarked(Object structured, String summary) {
        return respond(structured, summary, ExternalContent::markMessages);
    }

    /**
     * A result whose text its tool wrote, because it is not the rendering of the structured content alone (a wait's
     * outcome, a part of a message). The tool fitted it ({@link #fit}).
     */
    public ToolResponse respond(Draft fitted) {
        List<Content> content = new ArrayList<>(List.of(new TextContent(fitted.text()),
                new TextContent(fitted.summary())));
        content.addAll(fitted.links());
        return new ToolResponse(false, content, fitted.structured(), null);
    }

    /**
     * A resource read as text an agent reads (a part of a file, a file's description): the draft's text and summary
     * as one text contents, {@code text/plain} whatever the file's type, since the text frames it. The reader fitted
     * it ({@link #fit}).
     */
    public ResourceResponse read(String uri, Draft fitted) {
        return new ResourceResponse(List.of(new TextResourceContents(uri, fitted.text() + "\n" + fitted.summary(),
                "text/plain")));
    }

    /** A resource's bytes, for a host that asked for them; their bound is the reader's. */
    public ResourceResponse blob(String uri, byte[] bytes, String mimeType) {
        // Plain base64, as the specification's blob is: the library's helper is the MIME encoder, which breaks lines.
        return new ResourceResponse(List.of(new BlobResourceContents(uri, Base64.getEncoder().encodeToString(bytes),
                mimeType)));
    }

    /**
     * A page of a list, the rows as the agent sees them. Over budget, the list is asked again for fewer rows; a
     * single row too large on its own has its long values cut in the text.
     *
     * @param request the page the agent asked for
     * @param list    the service's list
     * @param toRow   the row an agent sees for one item
     */
    public <T, R> ToolResponse page(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            Listing listing) {
        Draft fitted = fit(request.limit(), 1, 1, rows -> {
            Page<T> page = list.apply(rows == request.limit() ? request : request.withLimit(rows));
            AgentPage<R> structured = new AgentPage<>(page.items().stream().map(toRow).toList(), page.nextCursor(),
                    page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
            String summary = AgentSummaries.of(page, request.limit(), listing.summarized(), budget.describe());
            return new Draft(structured, listing.frame().apply(text.render(structured)), summary,
                    page.items().size());
        });
        return fits(fitted) ? respond(fitted) : cut(fitted.structured(), fitted.summary(), listing.frame());
    }

    /**
     * Shrinks a result until it fits: tries {@code draft} at {@code size}, then at smaller sizes in proportion to
     * the excess (by at least {@code byAtLeast} each time), down to {@code smallest}.
     *
     * @param size      what the tool would give whole: rows, a text's characters, the longest value
     * @param byAtLeast 1 where the excess predicts the size that fits (rows, a text); more where it does not (cutting
     *                  the longest values shortens a text by less than their length)
     * @param draft     the result at a size; its {@link Draft#size()} is the size it really has
     * @return the first draft that fits, or the one at {@code smallest}, which may not
     */
    public Draft fit(int size, int smallest, double byAtLeast, IntFunction<Draft> draft) {
        Draft tried = draft.apply(size);
        while (true) {
            double load = load(tried);
            if (load <= 1 || tried.size() <= smallest) {
                return tried;
            }
            int next = (int) (tried.size() / Math.max(load, byAtLeast) * MARGIN);
            tried = draft.apply(Math.max(smallest, Math.min(tried.size() - 1, next)));
        }
    }

    /** Whether a draft's text and summary fit the budget, and its structured content the characters, if bounded. */
    public boolean fits(Draft draft) {
        return load(draft) <= 1;
    }

    private double load(Draft draft) {
        return Math.max(budget.load(draft.text(), draft.summary()),
                (double) draft.structuredCharacters() / budget.characters());
    }

    private ToolResponse respond(Object structured, String summary, UnaryOperator<String> frame) {
        Draft whole = new Draft(structured, frame.apply(text.render(structured)), summary, 0);
        return fits(whole) ? respond(whole) : cut(structured, summary, frame);
    }

    /** The result with long values cut in its text until the text fits; the structured content stays whole. */
    private ToolResponse cut(Object structured, String summary, UnaryOperator<String> frame) {
        String said = summary + " Long values are cut short in this text (" + AgentText.CUT + " marks each cut) to "
                + "stay within " + budget.describe() + "; structuredContent has them whole.";
        return respond(fit(AgentBudget.TEXT_BUDGET, SHORTEST_CUT, 2,
                longest -> new Draft(structured, frame.apply(text.renderCut(structured, longest)), said, longest)));
    }
}
