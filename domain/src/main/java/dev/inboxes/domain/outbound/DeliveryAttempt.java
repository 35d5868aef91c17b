package dev.inboxes.domain.outbound;

import java.time.Duration;
import java.time.Instant;

/**
 * One attempt to hand a delivery to its next hop, as it is recorded.
 *
 * @param reply   the next hop's reply (code and text), or why there was none (a connection that failed)
 * @param latency from the start of the attempt to its answer
 */
public record DeliveryAttempt(Instant at, String reply, Duration latency) {
}
