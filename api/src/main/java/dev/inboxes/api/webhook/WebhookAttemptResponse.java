package dev.inboxes.api.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.webhook.WebhookAttempt;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "WebhookDelivery", description = "One attempt to deliver an event to the endpoint.")
public record WebhookAttemptResponse(
        @Schema(description = "The attempt's id; POST …/deliveries/{id}/retry with it (or with delivery_id) sends the "
                + "event again.", examples = "wha_2xYp7LmN4vBz3kTMd9Qw", required = true) String id,
        @JsonProperty("delivery_id")
        @Schema(description = "The delivery (this event at this endpoint) the attempt belongs to: the same for each of "
                + "its attempts.", examples = "whd_7LmN4vBz3kTMd9Qw2xYp", required = true) String deliveryId,
        @JsonProperty("event_id")
        @Schema(description = "The event sent: the webhook-id header, the same for every attempt.",
                examples = "evt_3kTMd9Qw2xYp7LmN4vBz", required = true) String eventId,
        @Schema(description = "1 for the delivery's first attempt.", examples = "1", required = true) int attempt,
        @JsonProperty("status_code")
        @JsonInclude(JsonInclude.Include.ALWAYS) // the generated writer leaves a null number out otherwise
        @Schema(description = "The endpoint's HTTP status; null when it gave none (refused destination, connection "
                + "failure, timeout).", examples = "200", required = true, nullable = true) Integer statusCode,
        @JsonProperty("latency_ms")
        @Schema(description = "From the request's start to its status, in milliseconds.", examples = "84",
                required = true) long latencyMs,
        @Schema(description = "Why the attempt failed; null on a 2xx.", required = true, nullable = true) String error,
        @JsonProperty("created_at")
        @Schema(description = "When the attempt ended, RFC 3339 UTC.", implementation = String.class,
                format = "date-time", required = true) Instant createdAt,
        @JsonProperty("next_attempt_at")
        @Schema(description = "When the delivery is tried again after this attempt, RFC 3339 UTC; null when it was "
                + "final (delivered, 410, or the retries ran out).", implementation = String.class,
                format = "date-time", required = true, nullable = true) Instant nextAttemptAt) {

    static WebhookAttemptResponse fromDomain(WebhookAttempt attempt) {
        return new WebhookAttemptResponse(attempt.id(), attempt.deliveryId(), attempt.eventId(), attempt.attempt(),
                attempt.statusCode(), attempt.latencyMs(), attempt.error(), attempt.createdAt(),
                attempt.nextAttemptAt());
    }
}
