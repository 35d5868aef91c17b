package dev.inboxes.sdk;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How often and how long to wait before retrying an idempotent call.
 *
 * @param maxRetries     retries after the first attempt (0 disables retrying)
 * @param initialBackoff the wait before the first retry; doubled for each further retry
 * @param maxBackoff     the longest wait, also the cap on a server's {@code Retry-After}
 */
record RetryPolicy(int maxRetries, Duration initialBackoff, Duration maxBackoff) {

    /** Doubling stops here: 2^20 times any sensible initial backoff is far beyond any cap. */
    private static final int MAX_DOUBLINGS = 20;

    /**
     * @param retry      1 for the first retry, 2 for the second, …
     * @param retryAfter the server's {@code Retry-After}, or null
     * @return how long to sleep before that retry
     */
    Duration delayBefore(int retry, Duration retryAfter) {
        if (retryAfter != null) {
            // The server knows when it will be back; capped so a huge value cannot stall the caller.
            return min(retryAfter, maxBackoff);
        }
        long exponential = initialBackoff.toNanos() << Math.min(retry - 1, MAX_DOUBLINGS);
        long capped = Math.max(0, Math.min(exponential, maxBackoff.toNanos()));
        // "Equal jitter": between half and all of the delay, so clients that failed together
        // do not all retry at the same instant, and no retry comes immediately.
        long half = capped / 2;
        long jitter = half == 0 ? 0 : ThreadLocalRandom.current().nextLong(capped - half + 1);
        return Duration.ofNanos(half + jitter);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
