package dev.inboxes.mcp.inbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.inbox.BulkDeletion;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * What {@code delete_inboxes} did or, for a preview, would do.
 *
 * @param hasMore      whether matches remain that another call may delete: with the new token, or, for a client the
 *                     server asks itself, by asking the user again (false when the user did not confirm)
 * @param confirmToken absent when nothing remains to delete, and always for a client the server asks itself
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AgentBulkDeletion(
        @JsonProperty(required = true) long matched,
        @JsonProperty(required = true) long deleted,
        @JsonProperty(required = true) long remaining,
        @JsonProperty(value = "has_more", required = true) boolean hasMore,
        @JsonProperty("confirm_token") String confirmToken,
        @JsonProperty(required = true) List<AgentInbox> sample) {

    static AgentBulkDeletion fromDomain(BulkDeletion deletion) {
        return new AgentBulkDeletion(deletion.matched(), deletion.deleted(), deletion.remaining(), deletion.hasMore(),
                deletion.confirmToken(), deletion.sample().stream().map(AgentInbox::fromDomain).toList());
    }
}
