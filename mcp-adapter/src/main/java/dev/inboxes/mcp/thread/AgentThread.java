package dev.inboxes.mcp.thread;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.thread.MessageThread;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;

/** A thread as an agent sees it in a list. */
@RegisterForReflection
public record AgentThread(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String subject,
        @JsonProperty(required = true) List<String> participants,
        @JsonProperty(value = "message_count", required = true) long messageCount,
        @JsonProperty(value = "last_message_at", required = true) Instant lastMessageAt,
        @JsonProperty(required = true) String snippet) {

    static AgentThread fromDomain(MessageThread thread) {
        return new AgentThread(thread.id(), thread.subject(), thread.participants(), thread.messageCount(),
                thread.lastMessageAt(), thread.snippet());
    }
}
