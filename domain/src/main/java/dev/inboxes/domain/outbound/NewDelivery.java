package dev.inboxes.domain.outbound;

import java.time.Instant;

/**
 * A delivery as it is accepted: {@link DeliveryStatus#QUEUED} and due at once, or already final
 * ({@link DeliveryStatus#FAILED} with no route, {@link DeliveryStatus#SUPPRESSED}) with the reason.
 *
 * @param envelopeSender the return path of this copy ({@code MAIL FROM}): bounces to it name the delivery
 */
public record NewDelivery(String id, String recipient, String envelopeSender, DeliveryStatus status,
                          Instant nextAttemptAt, String smtpReply) {

    /** The delivery as {@link OutboxStore#accept} stores it, before any attempt. */
    public Delivery stored(String messageId) {
        return new Delivery(id, messageId, recipient, status, 0, null, nextAttemptAt, smtpReply);
    }
}
