package dev.inboxes.mcp.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * The structured result of {@code list_messages}: the same page as the REST API.
 *
 * @param cursor pass it back to get the next page; null when has_more is false
 * @param total  messages in the inbox, on the first page only
 */
@RegisterForReflection
public record AgentMessagePage(
        List<AgentMessage> data,
        String cursor,
        @JsonProperty("has_more") boolean hasMore,
        @JsonInclude(JsonInclude.Include.NON_NULL) Long total) {
}
