package dev.inboxes.api.message;

import dev.inboxes.domain.message.RecordMessage;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.message.Message;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Message", description = "A message received by an inbox, as lists show it (no body).")
public record MessageResponse(
        @Schema(description = "Message id: msg_ and 20 base62 characters.", examples = "msg_3kX9TqL0vB7nM2cR8wZ4",
                required = true) String id,
        @JsonProperty("inbox_id")
        @Schema(description = "The inbox that received it.", examples = "inb_7fQ2LmX0pZ9aK3vB8nTc", required = true)
        String inboxId,
        @Schema(description = MessageFields.FROM, examples = "alice@example.com", required = true) String from,
        @Schema(description = MessageFields.TO, examples = "Support bot <support-bot@inboxes.test>", required = true)
        String to,
        @Schema(description = MessageFields.SUBJECT, examples = "Order #1042 has not arrived", required = true)
        String subject,
        @Schema(description = MessageFields.PREVIEW,
                examples = "Hello, my order placed on Monday has not arrived yet.", required = true) String preview,
        @JsonProperty("received_at")
        @Schema(description = MessageFields.RECEIVED_AT,
                implementation = String.class, format = "date-time", examples = "2026-11-29T21:48:33.123456Z",
                required = true) Instant receivedAt,
        @JsonProperty("thread_id")
        @Schema(description = MessageFields.THREAD_ID, examples = "thr_9LmQ2xT7vB0cK4nP8sWz", required = true)
        String threadId,
        @JsonProperty("has_attachments")
        @Schema(description = "Whether the message has attachments; get the message for their list.", required = true)
        boolean hasAttachments) {

    public static MessageResponse fromDomain(Message message) {
        return new MessageResponse(message.id(), message.inboxId(), message.from(), message.to(), message.subject(),
                message.preview(), message.receivedAt(), message.threadId(), message.hasAttachments());
    }
}
