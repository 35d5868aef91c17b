package dev.inboxes.domain.outbound;

import java.time.Instant;

/**
 * One recipient's copy of an outbound message.
 *
 * @param attempts      attempts made so far (0 while queued)
 * @param lastAttemptAt when the last attempt ended, or {@code null}
 * @param nextAttemptAt when a worker may next claim it, or {@code null} once it is final
 * @param smtpReply     the last reply of the next hop (or the reason no attempt was made), or {@code null}
 */
public record Delivery(String id, String messageId, String recipient, DeliveryStatus status, int attempts,
                       Instant lastAttemptAt, Instant nextAttemptAt, String smtpReply) {

    public static final String ID_PREFIX = "dlv_";
}
