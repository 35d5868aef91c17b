package dev.inboxes.api.message;

import dev.inboxes.domain.message.RecordMessage;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.message.Message;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Message", description = "A message of an inbox, received or sent, as lists show it (no body).")
public record MessageResponse(
        @Schema(description = MessageFields.ID, examples = MessageFields.ID_EXAMPLE, required = true) String id,
        @JsonProperty("inbox_id")
        @Schema(description = MessageFields.INBOX_ID, examples = MessageFields.INBOX_ID_EXAMPLE, required = true)
        String inboxId,
        @Schema(description = MessageFields.DIRECTION, enumeration = {MessageFields.INBOUND, MessageFields.OUTBOUND},
                required = true) String direction,
        @Schema(description = MessageFields.FROM, examples = MessageFields.FROM_EXAMPLE, required = true) String from,
        @Schema(description = MessageFields.TO, examples = MessageFields.TO_EXAMPLE, required = true) String to,
        @Schema(description = MessageFields.SUBJECT, examples = MessageFields.SUBJECT_EXAMPLE, required = true)
        String subject,
        @Schema(description = MessageFields.PREVIEW, examples = MessageFields.PREVIEW_EXAMPLE, required = true)
        String preview,
        @JsonProperty("received_at")
        @Schema(description = MessageFields.RECEIVED_AT, implementation = String.class, format = "date-time",
                examples = MessageFields.RECEIVED_AT_EXAMPLE, required = true) Instant receivedAt,
        @JsonProperty("thread_id")
        @Schema(description = MessageFields.THREAD_ID, examples = MessageFields.THREAD_ID_EXAMPLE, required = true)
        String threadId,
        @JsonProperty("has_attachments")
        @Schema(description = "Whether the message has attachments; get the message for their list.", required = true)
        boolean hasAttachments,
        @JsonProperty("sender_verified")
        @Schema(description = MessageFields.SENDER_VERIFIED, required = true) boolean senderVerified) {

    public static MessageResponse fromDomain(Message message) {
        return new MessageResponse(message.id(), message.inboxId(), message.direction().wire(), message.from(), message.to(), message.subject(),
                message.preview(), message.receivedAt(), message.threadId(), message.hasAttachments(),
                message.senderVerified());
    }
}
