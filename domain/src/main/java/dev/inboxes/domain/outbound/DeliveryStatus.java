package dev.inboxes.domain.outbound;

import java.util.Locale;

/** Where one recipient's copy of an outbound message stands. */
public enum DeliveryStatus {
    /** Accepted, waiting for a worker. */
    QUEUED,
    /** Claimed by a worker that is talking to the next hop now. */
    SENDING,
    /** The next hop answered 250 (or the local inbox stored it). */
    SENT,
    /** A temporary failure; it will be tried again at {@code next_attempt_at}. */
    DEFERRED,
    /** A permanent failure (5xx) or a delivery status notification saying so. */
    BOUNCED,
    /** Retries exhausted, or no route to the recipient. */
    FAILED,
    /** The recipient is on the account's suppression list: nothing was sent. */
    SUPPRESSED;

    /** As the API writes it. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a worker may still claim it. */
    public boolean pending() {
        return this == QUEUED || this == SENDING || this == DEFERRED;
    }
}
