package dev.inboxes.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns a domain page into a tool result an agent can afford: the page as structured content, the same JSON
 * compact as text, and a one-line summary. The text never exceeds {@value #TEXT_BUDGET} characters: when rows
 * are large, it asks the list again for fewer of them, and that page's cursor continues right after the last.
 */
@ApplicationScoped
public class AgentPages {

    /** The most characters of text one page may put into an agent's context. */
    public static final int TEXT_BUDGET = 16_000;

    private final ObjectMapper mapper;

    @Inject
    public AgentPages(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * @param request    the page the agent asked for
     * @param list       the service's list, asked again with a smaller limit when the page is over budget
     * @param toRow      the row an agent sees for one item
     * @param item       how the summary names one item, e.g. {@code inbox}
     * @param items      how the summary names several, e.g. {@code inboxes}
     * @param filterHint the list's filters, suggested when a first page is large; {@code null} when it has none
     */
    public <T, R> ToolResponse respond(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            String item, String items, String filterHint) {
        return respond(request, list, toRow, item, items, filterHint, UnaryOperator.identity());
    }

    /**
     * As {@link #respond(PageRequest, Function, Function, String, String, String)}, with the rows' text framed, e.g.
     * marked as external content ({@link ExternalContent#markMessages(String)}); the frame counts against the budget.
     */
    public <T, R> ToolResponse respond(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            String item, String items, String filterHint, UnaryOperator<String> frame) {
        Fitted fitted = fit(request, list, toRow, new AgentSummaries.Noun(item, items), filterHint, frame);
        return new ToolResponse(false, List.of(new TextContent(fitted.json()), new TextContent(fitted.summary())),
                fitted.structured(), null);
    }

    private <T, R> Fitted fit(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            AgentSummaries.Noun noun, String filterHint, UnaryOperator<String> frame) {
        PageRequest asked = request;
        while (true) {
            Page<T> page = list.apply(asked);
            AgentPage<R> structured = new AgentPage<>(page.items().stream().map(toRow).toList(), page.nextCursor(),
                    page.hasMore(), page.totalOrNull());
            String json = frame.apply(json(structured));
            String summary = AgentSummaries.of(page, request.limit(), noun, filterHint);
            int excess = json.length() + summary.length() - TEXT_BUDGET;
            int rows = page.items().size();
            if (excess <= 0 || rows <= 1) {
                return new Fitted(structured, json, summary);
            }
            // Ask for at least as many rows fewer as the excess needs at this page's average row size.
            int averageRow = Math.max(1, json.length() / rows);
            int fewer = Math.max(1, rows - Math.max(1, (excess + averageRow - 1) / averageRow));
            asked = request.withLimit(fewer);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a page must serialize", e);
        }
    }

    private record Fitted(Object structured, String json, String summary) {
    }
}
