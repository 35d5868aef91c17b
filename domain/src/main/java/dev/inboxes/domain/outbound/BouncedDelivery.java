package dev.inboxes.domain.outbound;

/** A delivery a bounce was recorded for: whose it is, and the recipient a hard bounce suppresses. */
public record BouncedDelivery(String deliveryId, String accountId, String recipient) {
}
