package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One attempt to deliver an event to a webhook endpoint.
 *
 * @param deliveryId    the same for every attempt of one event at one endpoint
 * @param statusCode    the endpoint's HTTP status; {@code null} when it gave none
 * @param error         why it failed; {@code null} on a 2xx
 * @param nextAttemptAt when it is tried again; {@code null} once final
 */
public record WebhookDelivery(String id, @JsonProperty("delivery_id") String deliveryId,
                              @JsonProperty("event_id") String eventId, int attempt,
                              @JsonProperty("status_code") Integer statusCode,
                              @JsonProperty("latency_ms") long latencyMs, String error,
                              @JsonProperty("created_at") Instant createdAt,
                              @JsonProperty("next_attempt_at") Instant nextAttemptAt) {
}
