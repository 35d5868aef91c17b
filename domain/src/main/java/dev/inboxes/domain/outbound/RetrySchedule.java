package dev.inboxes.domain.outbound;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When a delivery that failed for now is tried again: after about 1 min, 5 min, 30 min, 2 h, then every 4 h,
 * until {@code retryFor} after it was accepted (48 h by default); then it has failed.
 */
public record RetrySchedule(Duration retryFor) {

    public static final Duration DEFAULT_RETRY_FOR = Duration.ofHours(48);
    static final List<Duration> FIRST_DELAYS = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2));
    static final Duration LATER_DELAY = Duration.ofHours(4);

    /**
     * @param attemptsMade attempts so far, the one that just failed included
     * @return when to try next, or empty when the delivery has run out of time
     */
    public Optional<Instant> next(int attemptsMade, Instant acceptedAt, Instant now) {
        Duration delay = attemptsMade <= FIRST_DELAYS.size() ? FIRST_DELAYS.get(Math.max(attemptsMade, 1) - 1)
                : LATER_DELAY;
        Instant next = now.plus(delay);
        return next.isAfter(acceptedAt.plus(retryFor)) ? Optional.empty() : Optional.of(next);
    }
}
