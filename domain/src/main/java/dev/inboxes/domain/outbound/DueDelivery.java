package dev.inboxes.domain.outbound;

import java.time.Instant;

/**
 * A delivery a worker has claimed, with what it needs to make the attempt. The claim holds until
 * {@code claimedUntil}; a worker that dies leaves it to be claimed again after that.
 *
 * @param claim       what the worker shows when it records the attempt: an attempt recorded under an expired claim
 *                    that another worker took over is ignored
 * @param attempts    attempts made before this one
 * @param acceptedAt  when the message was accepted: retries stop {@code retryFor} after it
 *
 * The signed message is not part of it: a batch of claims would hold a whole message per delivery (up to 12 MB
 * each); {@link OutboxStore#signedMessage} reads it for the attempt.
 */
public record DueDelivery(String id, String claim, String accountId, String inboxId, String messageId,
                          String recipient, String envelopeSender, int attempts, Instant acceptedAt,
                          Instant claimedUntil) {
}
