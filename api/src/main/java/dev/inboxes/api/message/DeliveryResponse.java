package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.outbound.Delivery;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Delivery", description = "One recipient's copy of an outbound message.")
public record DeliveryResponse(
        @Schema(description = "The recipient's address.", examples = "alice@example.com", required = true)
        String recipient,
        @Schema(description = "queued (waiting for a worker), sending (being handed over now), sent (the next hop "
                + "answered 250, or the local inbox stored it), deferred (a temporary failure; tried again at "
                + "next_attempt_at), bounced (a permanent failure), failed (retries exhausted, or no route: "
                + "smtp_reply says why), suppressed (the address is on the suppression list; nothing was sent).",
                enumeration = {"queued", "sending", "sent", "deferred", "bounced", "failed", "suppressed"},
                required = true) String status,
        @Schema(description = "Attempts made so far.", examples = "1", required = true) int attempts,
        @JsonProperty("last_attempt_at")
        @Schema(description = "When the last attempt ended, RFC 3339 UTC; null before the first.",
                implementation = String.class, format = "date-time", required = true, nullable = true)
        Instant lastAttemptAt,
        @JsonProperty("next_attempt_at")
        @Schema(description = "When it will be tried (again), RFC 3339 UTC; null once final.",
                implementation = String.class, format = "date-time", required = true, nullable = true)
        Instant nextAttemptAt,
        @JsonProperty("smtp_reply")
        @Schema(description = "The next hop's last reply (code and text), or why no attempt was made; null before "
                + "the first attempt.", examples = "250 2.0.0 OK queued as 4F2A1", required = true, nullable = true)
        String smtpReply) {

    static DeliveryResponse fromDomain(Delivery delivery) {
        return new DeliveryResponse(delivery.recipient(), delivery.status().wire(), delivery.attempts(),
                delivery.lastAttemptAt(), delivery.nextAttemptAt(), delivery.smtpReply());
    }
}
