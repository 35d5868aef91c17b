package dev.inboxes.domain.webhook;

import java.time.Duration;

/**
 * The deployment's webhook settings.
 *
 * @param allowHttp     whether endpoint URLs may be plain {@code http}
 * @param allowPrivate  whether endpoints may be in loopback, private, link-local or unique-local ranges
 * @param maxPerAccount endpoints one account may have
 * @param timeout       how long one attempt waits for the endpoint's status
 * @param lease         how long a worker's claim holds: beyond one attempt, or a slow attempt is made twice
 */
public record WebhookSettings(boolean allowHttp, boolean allowPrivate, int maxPerAccount, Duration timeout,
                              Duration lease) {

    /** The contract's: an endpoint whose attempts have all failed this long is disabled. */
    public static final Duration DISABLE_FAILING_AFTER = Duration.ofDays(5);
    /** A rotated-out secret still signs this long, beside the new one. */
    public static final Duration PREVIOUS_SECRET_SIGNS_FOR = Duration.ofHours(24);
    /** The most an event's JSON may weigh in a webhook body. */
    public static final int MAX_BODY_BYTES = 20 * 1024;
    /** The most inboxes one endpoint may name. */
    public static final int MAX_INBOX_IDS = 100;

    public WebhookSettings {
        if (maxPerAccount < 1) {
            throw new IllegalArgumentException("the most endpoints per account is at least 1");
        }
        if (timeout.isNegative() || timeout.isZero() || lease.compareTo(timeout.multipliedBy(2)) < 0) {
            throw new IllegalArgumentException("the lease (" + lease + ") must be at least twice the timeout ("
                    + timeout + ")");
        }
    }
}
