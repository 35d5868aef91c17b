package dev.inboxes.api.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.inboxes.domain.event.Event;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Event", description = "Something that happened to an inbox or a message. The same JSON is the body "
        + "of a webhook request and the data of a stream event.")
public record EventResponse(
        @Schema(description = "The event's id; the webhook-id of its webhook requests and the id: of its stream event.",
                examples = "evt_3kTMd9Qw2xYp7LmN4vBz", required = true) String id,
        @Schema(description = "What happened.", enumeration = {"message.received", "message.sent", "message.deferred",
                "message.bounced", "message.failed", "inbox.created", "inbox.deleted"}, required = true) String type,
        @JsonProperty("created_at")
        @Schema(description = "When it happened (its change was committed in the same transaction), RFC 3339 UTC.",
                implementation = String.class, format = "date-time", examples = "2026-11-29T21:48:33.123456Z",
                required = true) Instant createdAt,
        @JsonProperty("inbox_id")
        @Schema(description = "The inbox it happened to.", examples = "inb_7fQ2xYp3kTMd9Qw2LmN4", required = true,
                nullable = true) String inboxId,
        @JsonRawValue
        @Schema(type = SchemaType.OBJECT, description = "For inbox.* the Inbox; for message.received the Message "
                + "row with its authentication (null when not checked); for the delivery events the Message row "
                + "with a delivery (the Delivery that changed). Never a body or an attachment; long headers are "
                + "cut to 300 (from), 1000 (to) and 500 (subject) characters.", required = true) String data) {

    public static EventResponse fromDomain(Event event) {
        return new EventResponse(event.id(), event.type(), event.createdAt(), event.inboxId(), event.data());
    }
}
