package dev.inboxes.domain.webhook;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Webhook endpoints and their deliveries (port). Deliveries are enqueued by the store itself, one per event and
 * subscribed endpoint, in the transaction that writes the event; workers of every replica claim them.
 */
public interface WebhookStore {

    /** @throws TooManyWebhooksException when the account has {@code maxPerAccount} endpoints already */
    void insert(String accountId, Webhook webhook, String secret, int maxPerAccount);

    Optional<Webhook> find(String accountId, String webhookId);

    /** Applies the changes; enabling clears the failure record. Empty when the account has no such endpoint. */
    Optional<Webhook> update(String accountId, String webhookId, WebhookChanges changes);

    /** Deletes it with its deliveries and attempts. */
    boolean delete(String accountId, String webhookId);

    /** The new secret signs from now; the current one still signs until {@code previousUntil}. */
    Optional<Webhook> rotateSecret(String accountId, String webhookId, String secret, Instant previousUntil);

    /** Which of {@code inboxIds} are inboxes of the account. */
    Set<String> ownedInboxes(String accountId, List<String> inboxIds);

    Slice<Webhook> page(String accountId, Keyset after, int fetchSize, boolean withTotal);

    /** The endpoint's attempts, newest first, with the contract of a keyset source. */
    Slice<WebhookAttempt> attempts(String webhookId, Keyset after, int fetchSize, boolean withTotal);

    /**
     * Makes the delivery (named by its id or one of its attempts' ids) due now, whatever its state.
     *
     * @return false when the endpoint has no such delivery
     */
    boolean retry(String webhookId, String deliveryOrAttemptId, Instant now);

    /**
     * Claims up to {@code max} due deliveries of enabled endpoints (pending and due, or sending under an expired
     * claim) for {@code lease}: each is claimed by one worker of all replicas at a time.
     */
    List<DueWebhookDelivery> claimDue(Instant now, Duration lease, int max);

    /**
     * Records an attempt under its claim, with the delivery's new state and the endpoint's: a success clears the
     * endpoint's failure record; a failure starts it, and disables the endpoint once it is older than
     * {@link WebhookSettings#DISABLE_FAILING_AFTER}; {@code disableReason} disables it at once.
     *
     * @param nextAttemptAt when to try again; {@code null}: the delivery is final
     * @return false when the claim had expired and another worker holds the delivery: nothing was recorded
     */
    boolean record(DueWebhookDelivery claimed, Instant at, WebhookReply reply, long latencyMs, Instant nextAttemptAt,
            String disableReason);

    /** Deliveries not yet final, of every account. */
    long pending();
}
