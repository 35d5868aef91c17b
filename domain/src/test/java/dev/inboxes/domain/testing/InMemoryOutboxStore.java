package dev.inboxes.domain.testing;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.outbound.BouncedDelivery;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryAttempt;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.NewDelivery;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The in-memory {@link OutboxStore}, over an {@link InMemoryMessageStore}: an outbound message is stored as received
 * mail is (its thread, its arrival), its deliveries beside it; they go with their message. {@link OutboxStoreContract}
 * holds it to the PostgreSQL store's behaviour.
 */
public class InMemoryOutboxStore implements OutboxStore {

    /** One delivery as the store keeps it; a claim names who may record its attempt. */
    private static final class Row {
        final String id;
        final String accountId;
        final String inboxId;
        final String messageId;
        final String recipient;
        final String envelopeSender;
        final Instant acceptedAt;
        DeliveryStatus status;
        int attempts;
        Instant lastAttemptAt;
        Instant nextAttemptAt;
        String smtpReply;
        String claim;
        Instant claimedUntil;

        Row(NewMessage message, NewDelivery delivery) {
            id = delivery.id();
            accountId = message.accountId();
            inboxId = message.inboxId();
            messageId = message.id();
            recipient = delivery.recipient();
            envelopeSender = delivery.envelopeSender();
            acceptedAt = micros(message.receivedAt());
            status = delivery.status();
            nextAttemptAt = micros(delivery.nextAttemptAt());
            smtpReply = delivery.smtpReply();
        }

        /** When a worker may claim it, or {@code null} once it is final. */
        Instant dueAt() {
            return switch (status) {
                case QUEUED, DEFERRED -> nextAttemptAt;
                case SENDING -> claimedUntil;
                default -> null;
            };
        }

        Delivery toDelivery() {
            return new Delivery(id, messageId, recipient, status, attempts, lastAttemptAt, nextAttemptAt, smtpReply);
        }
    }

    private final InMemoryInboxStore inboxes;
    private final InMemoryMessageStore messages;
    private final List<Row> deliveries = new ArrayList<>();

    public InMemoryOutboxStore(InMemoryInboxStore inboxes, InMemoryMessageStore messages) {
        this.inboxes = inboxes;
        this.messages = messages;
    }

    @Override
    public synchronized Accepted accept(NewMessage message, List<NewDelivery> newDeliveries,
            IdempotencyKey idempotencyKey) {
        if (idempotencyKey != null) {
            Optional<String> earlier = inboxes.acceptedWith(message.accountId(), idempotencyKey, message.receivedAt());
            if (earlier.isPresent()) {
                return new Accepted(earlier.get(), true);
            }
        }
        messages.insertAll(List.of(message)).get(0).requireStored(message);
        for (NewDelivery delivery : newDeliveries) {
            deliveries.add(new Row(message, delivery));
        }
        if (!newDeliveries.isEmpty()) {
            sends.add(new Send(message.accountId(), message.inboxId(), message.receivedAt(), newDeliveries.size()));
        }
        if (idempotencyKey != null) {
            inboxes.rememberAccepted(message.accountId(), idempotencyKey, message.id(), message.receivedAt());
        }
        return new Accepted(message.id(), false);
    }

    @Override
    public synchronized Map<String, List<Delivery>> deliveriesOf(String accountId, List<String> messageIds) {
        Map<String, List<Delivery>> byMessage = new LinkedHashMap<>();
        for (Row row : held()) {
            if (row.accountId.equals(accountId) && messageIds.contains(row.messageId)) {
                byMessage.computeIfAbsent(row.messageId, id -> new ArrayList<>()).add(row.toDelivery());
            }
        }
        return byMessage;
    }

    @Override
    public synchronized List<DueDelivery> claimDue(Instant now, Duration lease, int max) {
        String claim = RandomIds.base62(24);
        Instant until = micros(now.plus(lease));
        List<DueDelivery> claimed = new ArrayList<>();
        List<Row> due = held().stream().filter(row -> row.dueAt() != null && !row.dueAt().isAfter(now))
                .sorted(Comparator.comparing(Row::dueAt)).limit(max).toList();
        for (Row row : due) {
            row.status = DeliveryStatus.SENDING;
            row.claim = claim;
            row.claimedUntil = until;
            claimed.add(new DueDelivery(row.id, claim, row.accountId, row.inboxId, row.messageId, row.recipient,
                    row.envelopeSender, row.attempts, row.acceptedAt, until));
        }
        return claimed;
    }

    @Override
    public synchronized Optional<byte[]> signedMessage(DueDelivery claimed) {
        return messages.raw(claimed.accountId(), claimed.inboxId(), claimed.messageId());
    }

    @Override
    public synchronized boolean record(DueDelivery claimed, DeliveryAttempt attempt, DeliveryStatus status,
            Instant nextAttemptAt) {
        Optional<Row> found = held().stream().filter(row -> row.id.equals(claimed.id())
                && row.status == DeliveryStatus.SENDING && claimed.claim().equals(row.claim)).findFirst();
        found.ifPresent(row -> {
            row.status = status;
            row.attempts++;
            row.lastAttemptAt = micros(attempt.at());
            row.nextAttemptAt = micros(nextAttemptAt);
            row.smtpReply = attempt.reply();
            row.claim = null;
            row.claimedUntil = null;
        });
        return found.isPresent();
    }

    @Override
    public synchronized Optional<BouncedDelivery> bounce(String deliveryId, String reply) {
        Optional<Row> found = held().stream().filter(row -> row.id.equals(deliveryId)
                && row.status != DeliveryStatus.SUPPRESSED).findFirst();
        found.ifPresent(row -> {
            row.status = DeliveryStatus.BOUNCED;
            row.nextAttemptAt = null;
            row.smtpReply = reply;
            row.claim = null;
            row.claimedUntil = null;
        });
        return found.map(row -> new BouncedDelivery(row.id, row.accountId, row.recipient));
    }

    @Override
    public synchronized RecentSends recentSends(String accountId, String inboxId, Instant since) {
        List<Send> ofAccount = sends.stream().filter(send -> send.accountId.equals(accountId)
                && !send.at.isBefore(since)).toList();
        List<Send> ofInbox = ofAccount.stream().filter(send -> send.inboxId.equals(inboxId)).toList();
        return new RecentSends(ofAccount.stream().mapToLong(Send::recipients).sum(),
                ofInbox.stream().mapToLong(Send::recipients).sum(),
                ofAccount.stream().map(Send::at).min(Comparator.naturalOrder()),
                ofInbox.stream().map(Send::at).min(Comparator.naturalOrder()));
    }

    /** What a send counted against the hourly limits: kept whatever happens to its message. */
    private record Send(String accountId, String inboxId, Instant at, int recipients) {
    }

    private final List<Send> sends = new ArrayList<>();

    @Override
    public synchronized long pendingOf(String accountId) {
        return held().stream().filter(row -> row.accountId.equals(accountId) && row.status.pending()).count();
    }

    @Override
    public synchronized Depth depth(Instant now) {
        List<Row> pending = held().stream().filter(row -> row.status.pending()).toList();
        return new Depth(pending.size(), pending.stream().map(Row::dueAt)
                .filter(due -> due != null && !due.isAfter(now)).min(Comparator.naturalOrder()));
    }

    /** The deliveries whose message is still stored: they go with it, as by the foreign key's cascade. */
    private List<Row> held() {
        deliveries.removeIf(row -> messages.raw(row.accountId, row.inboxId, row.messageId).isEmpty());
        return deliveries;
    }

    /** As PostgreSQL keeps times. */
    private static Instant micros(Instant at) {
        return at == null ? null : at.truncatedTo(ChronoUnit.MICROS);
    }
}
