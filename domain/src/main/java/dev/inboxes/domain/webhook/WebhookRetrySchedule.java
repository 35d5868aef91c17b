package dev.inboxes.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When a failed delivery is tried again: after each delay in turn (the contract's 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h: eight attempts over about 27.6 hours), then it has failed.
 */
public record WebhookRetrySchedule(List<Duration> delays) {

    public static final List<Duration> CONTRACT = List.of(Duration.ofSeconds(5), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10),
            Duration.ofHours(10));

    public WebhookRetrySchedule {
        delays = List.copyOf(delays);
    }

    /**
     * @param attemptsMade attempts so far, the one that just failed included
     * @return when to try next, or empty when the schedule is over
     */
    public Optional<Instant> next(int attemptsMade, Instant now) {
        return attemptsMade >= 1 && attemptsMade <= delays.size() ? Optional.of(now.plus(delays.get(attemptsMade - 1)))
                : Optional.empty();
    }
}
