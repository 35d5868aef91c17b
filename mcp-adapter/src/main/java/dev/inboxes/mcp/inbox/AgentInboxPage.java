package dev.inboxes.mcp.inbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The structured result of {@code list_inboxes}: the same page as the REST API.
 *
 * @param cursor pass it back to get the next page; null when has_more is false
 * @param total  inboxes matching the query, on the first page only
 */
@RegisterForReflection
public record AgentInboxPage(
        List<AgentInbox> data,
        String cursor,
        @JsonProperty("has_more") boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long total) {
}
