package dev.inboxes.mcp.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarkus.runtime.annotations.RegisterForReflection;
import dev.inboxes.domain.message.Message;
import java.time.Instant;

/**
 * A message as an agent sees it in a list: the preview, not the text. No {@code inbox_id}: it is the one the call
 * named, the same on every row.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AgentMessage(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String from,
        @JsonProperty(required = true) String to,
        @JsonProperty(required = true) String subject,
        @JsonProperty(required = true) String preview,
        @JsonProperty(value = "received_at", required = true) Instant receivedAt,
        @JsonProperty(value = "thread_id", required = true) String threadId,
        @JsonProperty(value = "has_attachments", required = true) boolean hasAttachments,
        @JsonProperty(value = "sender_verified", required = true) boolean senderVerified) {

    static AgentMessage fromDomain(Message message) {
        return new AgentMessage(message.id(), message.from(), message.to(), message.subject(),
                message.preview(), message.receivedAt(), message.threadId(), message.hasAttachments(),
                message.senderVerified());
    }
}
