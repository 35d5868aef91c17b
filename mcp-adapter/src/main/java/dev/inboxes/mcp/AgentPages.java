package dev.inboxes.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.function.Function;

/**
 * Turns a domain page into a tool result an agent can afford: the page as structured content, the same JSON
 * compact as text, and a one-line summary. The text never exceeds {@value #TEXT_BUDGET} characters: when rows
 * are large the page keeps fewer of them and its cursor continues right after the last one kept.
 */
@ApplicationScoped
public class AgentPages {

    /** The most characters of text one page may put into an agent's context. */
    public static final int TEXT_BUDGET = 16_000;

    @Inject
    ObjectMapper mapper;

    @Inject
    Pager pager;

    /**
     * @param view builds the serialized page from rows, cursor, has_more and total
     * @param item       how the summary names one item, e.g. {@code inbox}
     * @param items      how the summary names several, e.g. {@code inboxes}
     * @param filterHint the list's filters, for the summary of a large first page; {@code null} when it has none
     */
    public <T extends Keyed, R> ToolResponse respond(Page<T> page, QueryScope scope, Function<T, R> toRow,
            PageView<R> view, String item, String items, String filterHint) {
        Fitted fitted = fit(page, scope, toRow, view, new AgentSummaries.Noun(item, items), filterHint);
        return new ToolResponse(false, List.of(new TextContent(fitted.json()), new TextContent(fitted.summary())),
                fitted.structured(), null);
    }

    private <T extends Keyed, R> Fitted fit(Page<T> page, QueryScope scope, Function<T, R> toRow, PageView<R> view,
            AgentSummaries.Noun noun, String filterHint) {
        List<R> rows = page.items().stream().map(toRow).toList();
        Page<T> candidate = page;
        while (true) { // a shortened page keeps a prefix of the page's rows
            Object structured = view.of(rows.subList(0, candidate.items().size()), candidate.nextCursor(),
                    candidate.hasMore(), candidate.totalOrNull());
            String json = json(structured);
            String summary = AgentSummaries.of(candidate, page.items().size(), noun, filterHint);
            int excess = json.length() + summary.length() - TEXT_BUDGET;
            if (excess <= 0 || candidate.items().size() == 1) {
                return new Fitted(structured, json, summary);
            }
            // Drop at least as many rows as the excess needs at the page's average row size, then check again.
            int kept = candidate.items().size();
            int averageRow = Math.max(1, json.length() / kept);
            int keep = Math.max(1, kept - Math.max(1, (excess + averageRow - 1) / averageRow));
            candidate = pager.shorten(page, keep, scope);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a page view must serialize", e);
        }
    }

    /** Builds the serialized page of one list. */
    @FunctionalInterface
    public interface PageView<R> {
        Object of(List<R> rows, String cursor, boolean hasMore, Long total);
    }

    private record Fitted(Object structured, String json, String summary) {
    }
}
