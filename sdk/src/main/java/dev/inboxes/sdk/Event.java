package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * Something that happened to an inbox or a message: the items of {@link InboxesClient#listEventsPage} and the body
 * of a webhook request.
 *
 * @param id      the event id; a webhook request's {@code webhook-id} (the same on every retry)
 * @param type    {@code message.received}, {@code message.sent}, {@code message.deferred}, {@code message.bounced},
 *                {@code message.failed}, {@code inbox.created} or {@code inbox.deleted}
 * @param inboxId the inbox it happened to
 * @param data    the inbox or message row (with {@code delivery} for the delivery events), as JSON
 */
public record Event(String id, String type, @JsonProperty("created_at") Instant createdAt,
                    @JsonProperty("inbox_id") String inboxId, JsonNode data) {
}
