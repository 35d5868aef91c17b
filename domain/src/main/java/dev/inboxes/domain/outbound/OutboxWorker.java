package dev.inboxes.domain.outbound;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Delivers what the outbox holds: claims due deliveries (each by one worker of all replicas), hands each to its
 * route (the local inbox, or the relay or MX client), and records the outcome: {@code sent} on 250, {@code bounced}
 * on a 5xx, {@code deferred} on anything temporary until the retry schedule runs out, then {@code failed}.
 * A worker killed mid-attempt leaves its claim to expire, and another worker makes the attempt again.
 */
public final class OutboxWorker {

    private final OutboxStore outbox;
    private final MailTransport local;
    private final Optional<MailTransport> external;
    private final OutboundSettings settings;
    private final RetrySchedule retries;
    private final Duration lease;
    private final Clock clock;

    /**
     * @param lease how long a claim holds: beyond one attempt's connect and read timeouts, since a delivery whose
     *              claim expires mid-attempt is attempted again by another worker
     */
    public OutboxWorker(OutboxStore outbox, MailTransport local, Optional<MailTransport> external,
            OutboundSettings settings, RetrySchedule retries, Duration lease, Clock clock) {
        this.outbox = outbox;
        this.local = local;
        this.external = external;
        this.settings = settings;
        this.retries = retries;
        this.lease = lease;
        this.clock = clock;
    }

    /** Claims and attempts up to {@code max} due deliveries; returns how many were claimed. */
    public int deliverDue(int max) {
        List<DueDelivery> due = outbox.claimDue(clock.instant(), lease, max);
        // One message at a time in memory, read once for its recipients that are next to each other in the batch.
        String messageId = null;
        Optional<byte[]> raw = Optional.empty();
        for (DueDelivery delivery : due) {
            if (!delivery.messageId().equals(messageId)) {
                messageId = delivery.messageId();
                raw = outbox.signedMessage(delivery);
            }
            raw.ifPresent(signed -> attempt(delivery, signed)); // absent: deleted, with its deliveries
        }
        return due.size();
    }

    private void attempt(DueDelivery delivery, byte[] raw) {
        boolean toLocal = Addresses.domainOf(delivery.recipient()).equals(settings.mailDomain());
        Optional<MailTransport> route = toLocal ? Optional.of(local) : external;
        Instant start = clock.instant();
        if (route.isEmpty()) {
            outbox.record(delivery, new DeliveryAttempt(start, settings.noRouteReason(), Duration.ZERO),
                    DeliveryStatus.FAILED, null);
            return;
        }
        TransportReply reply;
        try {
            reply = route.get().send(delivery.envelopeSender(), delivery.recipient(), raw);
        } catch (RuntimeException unexpected) {
            // A transport must answer every outcome; if one throws, the attempt still counts and is retried.
            reply = TransportReply.unreachable("the attempt failed here: " + unexpected);
        }
        Instant end = clock.instant();
        DeliveryAttempt attempt = new DeliveryAttempt(end, reply.display(), Duration.between(start, end));
        if (reply.isAccepted()) {
            outbox.record(delivery, attempt, DeliveryStatus.SENT, null);
        } else if (reply.isPermanent()) {
            outbox.record(delivery, attempt, DeliveryStatus.BOUNCED, null);
        } else {
            Optional<Instant> next = retries.next(delivery.attempts() + 1, delivery.acceptedAt(), end);
            outbox.record(delivery, attempt, next.isPresent() ? DeliveryStatus.DEFERRED : DeliveryStatus.FAILED,
                    next.orElse(null));
        }
    }
}
