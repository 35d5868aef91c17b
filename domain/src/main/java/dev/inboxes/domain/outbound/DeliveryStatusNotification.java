package dev.inboxes.domain.outbound;

import java.util.List;

/**
 * What a delivery status notification (RFC 3464) reports, as the receiver read it: one entry per recipient block.
 * Every field is the sender's text, unchecked beyond its bound; {@link Bounces} decides what it means.
 */
public record DeliveryStatusNotification(List<RecipientStatus> recipients) {

    public DeliveryStatusNotification {
        recipients = List.copyOf(recipients);
    }

    /**
     * One per-recipient block.
     *
     * @param finalRecipient the address after the type ({@code rfc822;}), or {@code null}
     * @param action         {@code failed}, {@code delayed}, {@code delivered}, {@code relayed} or {@code expanded},
     *                       lower case; anything else as written, or {@code null}
     * @param status         the RFC 3463 status, e.g. {@code 5.1.1}, or {@code null}
     * @param diagnosticCode the remote's reply after the type ({@code smtp;}), or {@code null}
     */
    public record RecipientStatus(String finalRecipient, String action, String status, String diagnosticCode) {
    }
}
