package dev.inboxes.mcp.respond;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The structured result of every list tool: the same page as the REST API, with the rows an agent sees.
 * Its output schema is generated from the row type ({@code PageOutputSchema}).
 *
 * @param cursor pass it back to get the next page; null when has_more is false
 * @param total       items matching the query, on the first page only
 * @param totalExact  present, and false, only when {@code total} is a lower bound (a filter matched more items than
 *                    the service counts)
 */
@RegisterForReflection
public record AgentPage<R>(
        List<R> data,
        String cursor,
        @JsonProperty("has_more") boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long total,
        @JsonProperty("total_exact") @JsonInclude(JsonInclude.Include.NON_NULL) Boolean totalExact) {
}
