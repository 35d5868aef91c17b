package dev.inboxes.mcp.wait;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.mcp.protocol.MayBeNull;
import dev.inboxes.domain.message.Message;
import dev.inboxes.mcp.respond.ExternalContent;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/**
 * How a wait ended, as an agent reads it.
 *
 * @param message the message that arrived, with the beginning of its text; null when timed out
 * @param next    pass it as since to wait for the following message
 */
@RegisterForReflection
public record AgentWaitResult(
        @JsonProperty(value = "timed_out", required = true) boolean timedOut,
        @JsonProperty(required = true) @MayBeNull ArrivedMessage message,
        @JsonProperty(required = true) String next) {

    /**
     * The message, with the beginning of its text (the tool's text marks the message as one block of external
     * content).
     *
     * @param text    null only when the message was deleted before it could be read
     * @param textCut true when the text is only its beginning (get_message returns the rest); absent otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @RegisterForReflection
    public record ArrivedMessage(
            @JsonProperty(required = true) String id,
            @JsonProperty(required = true) String from,
            @JsonProperty(required = true) String to,
            @JsonProperty(required = true) String subject,
            @JsonProperty(value = "received_at", required = true) Instant receivedAt,
            @JsonProperty(value = "thread_id", required = true) String threadId,
            @JsonProperty(value = "has_attachments", required = true) boolean hasAttachments,
            @JsonProperty(value = "sender_verified", required = true) boolean senderVerified,
            String text,
            @JsonProperty("text_cut") Boolean textCut) {

        static ArrivedMessage of(Message row, String text) {
            String beginning = text == null ? null : ExternalContent.beginning(text);
            return new ArrivedMessage(row.id(), row.from(), row.to(), row.subject(), row.receivedAt(), row.threadId(),
                    row.hasAttachments(), row.senderVerified(), beginning,
                    beginning != null && beginning.length() < text.length() ? Boolean.TRUE : null);
        }
    }
}
