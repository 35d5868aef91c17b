package dev.inboxes.domain.outbound;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.message.NewMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The outbox (port): outbound messages with one delivery per recipient, committed together, and claimed by the
 * workers of every replica. Every status change of a delivery goes through {@link #record} or, for a report that
 * comes back later, {@link #bounce}: the two places the events of a delivery can hook.
 */
public interface OutboxStore {

    /**
     * Stores the message in its inbox (as received mail is stored: its thread, its arrival) with its deliveries, and
     * the idempotency key if one was given, in one transaction: all or nothing.
     *
     * @return the stored message's id, or, when the key was used before with the same request, the id of the message
     *         it accepted then (nothing is stored)
     * @throws dev.inboxes.domain.inbox.IdempotencyKeyReusedException when the key came with another request
     * @throws dev.inboxes.domain.inbox.IdempotencyKeyInFlightException when the request that came first with the key
     *         is still being handled (by this replica or another): its outcome is not known yet
     */
    Accepted accept(NewMessage message, List<NewDelivery> deliveries, IdempotencyKey idempotencyKey);

    /** The deliveries of messages of the account, by message id; a message with none is absent. */
    java.util.Map<String, List<Delivery>> deliveriesOf(String accountId, List<String> messageIds);

    /**
     * Claims up to {@code max} due deliveries (queued or deferred, due by {@code now}, or sending under a claim
     * that expired) for {@code lease}: each is claimed by one worker of all replicas at a time. They are
     * {@link DeliveryStatus#SENDING} once claimed.
     */
    List<DueDelivery> claimDue(Instant now, Duration lease, int max);

    /**
     * The signed message of a claimed delivery, the same bytes for every attempt and recipient; empty when the message
     * was deleted since the claim (its deliveries went with it).
     */
    Optional<byte[]> signedMessage(DueDelivery claimed);

    /**
     * Records an attempt and the delivery's new status (and when it is due again, for {@link DeliveryStatus#DEFERRED}).
     *
     * @return false when the claim had expired and another worker holds the delivery now: nothing was recorded
     */
    boolean record(DueDelivery claimed, DeliveryAttempt attempt, DeliveryStatus status, Instant nextAttemptAt);

    /**
     * Records that a delivery bounced after it left (a delivery status notification came back for it): it is
     * {@link DeliveryStatus#BOUNCED} with {@code reply} as its reply, whatever it was (a sent one too: the next hop
     * took it and gave up later), and no worker claims it again; an attempt it was in is not recorded. A delivery
     * that was never sent ({@link DeliveryStatus#SUPPRESSED}) is left as it is. Applying the same report twice changes
     * nothing more.
     *
     * @return the delivery, or empty when no delivery has this id (or it was never sent)
     */
    Optional<BouncedDelivery> bounce(String deliveryId, String reply);

    /**
     * The recipients the account and the inbox sent to since {@code since}, counted when their messages were
     * accepted (a message deleted since still counts), with the oldest of those sends: what the hourly limits
     * weigh. {@link #accept} records each send's recipients with its message.
     */
    RecentSends recentSends(String accountId, String inboxId, Instant since);

    /** Queued deliveries of the account not yet final: what the outbox holds for it. */
    long pendingOf(String accountId);

    /** How much waits: the number of deliveries not final, and when the oldest due one became due. */
    Depth depth(Instant now);

    record Accepted(String messageId, boolean replayed) {
    }

    record Depth(long pending, Optional<Instant> oldestDueAt) {
    }

    record RecentSends(long ofAccount, long ofInbox, Optional<Instant> oldestOfAccount,
                       Optional<Instant> oldestOfInbox) {
    }
}
