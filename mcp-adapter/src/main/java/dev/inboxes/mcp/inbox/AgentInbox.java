package dev.inboxes.mcp.inbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import dev.inboxes.domain.inbox.Inbox;
import java.time.Instant;

/** An inbox as an agent sees it: no nulls, so a row without a display name is about 110 characters. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AgentInbox(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String address,
        @JsonProperty("display_name") String displayName,
        @JsonProperty(value = "created_at", required = true) Instant createdAt) {

    static AgentInbox fromDomain(Inbox inbox) {
        return new AgentInbox(inbox.id(), inbox.address(), inbox.displayName(), inbox.createdAt());
    }
}
