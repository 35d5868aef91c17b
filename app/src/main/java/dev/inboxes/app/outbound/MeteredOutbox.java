package dev.inboxes.app.outbound;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.outbound.BouncedDelivery;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryAttempt;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.NewDelivery;
import dev.inboxes.domain.outbound.OutboxStore;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The outbox as the worker sees it, counting what {@link #record} records: every status change of a delivery passes
 * there, so the metrics are {@code inboxes.outbox.attempts} by outcome (the seven statuses: bounded tags) and
 * {@code inboxes.outbox.attempt.latency}, the time each attempt took to answer.
 */
public final class MeteredOutbox implements OutboxStore {

    private final OutboxStore outbox;
    private final Map<DeliveryStatus, Counter> attempts = new EnumMap<>(DeliveryStatus.class);
    private final Timer latency;

    public MeteredOutbox(OutboxStore outbox, MeterRegistry meters) {
        this.outbox = outbox;
        for (DeliveryStatus status : DeliveryStatus.values()) {
            attempts.put(status, Counter.builder("inboxes.outbox.attempts").tag("outcome", status.wire())
                    .description("Delivery attempts recorded, by the status they left the delivery in")
                    .register(meters));
        }
        this.latency = Timer.builder("inboxes.outbox.attempt.latency")
                .description("From the start of a delivery attempt to the next hop's answer").register(meters);
    }

    @Override
    public boolean record(DueDelivery claimed, DeliveryAttempt attempt, DeliveryStatus status, Instant nextAttemptAt) {
        boolean recorded = outbox.record(claimed, attempt, status, nextAttemptAt);
        if (recorded) {
            attempts.get(status).increment();
            latency.record(attempt.latency());
        }
        return recorded;
    }

    @Override
    public Accepted accept(NewMessage message, List<NewDelivery> deliveries, IdempotencyKey idempotencyKey) {
        return outbox.accept(message, deliveries, idempotencyKey);
    }

    @Override
    public Map<String, List<Delivery>> deliveriesOf(String accountId, List<String> messageIds) {
        return outbox.deliveriesOf(accountId, messageIds);
    }

    @Override
    public List<DueDelivery> claimDue(Instant now, Duration lease, int max) {
        return outbox.claimDue(now, lease, max);
    }

    @Override
    public Optional<byte[]> signedMessage(DueDelivery claimed) {
        return outbox.signedMessage(claimed);
    }

    @Override
    public RecentSends recentSends(String accountId, String inboxId, Instant since) {
        return outbox.recentSends(accountId, inboxId, since);
    }

    @Override
    public long pendingOf(String accountId) {
        return outbox.pendingOf(accountId);
    }

    @Override
    public Depth depth(Instant now) {
        return outbox.depth(now);
    }

    @Override
    public Optional<BouncedDelivery> bounce(String deliveryId, String reply) {
        return outbox.bounce(deliveryId, reply);
    }
}
