package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final Instant ACCEPTED = Instant.parse("2026-12-02T10:00:00Z");
    private final RetrySchedule schedule = new RetrySchedule(RetrySchedule.DEFAULT_RETRY_FOR);

    @Test
    void retriesComeAfterOneFiveThirtyMinutesTwoHoursThenEveryFour() {
        Instant now = ACCEPTED;
        Duration[] expected = {Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(4), Duration.ofHours(4)};
        for (int attempt = 1; attempt <= expected.length; attempt++) {
            Instant next = schedule.next(attempt, ACCEPTED, now).orElseThrow();
            assertThat(Duration.between(now, next)).isEqualTo(expected[attempt - 1]);
            now = next;
        }
    }

    @Test
    void noRetryIsScheduledPastTheRetryTime() {
        Instant late = ACCEPTED.plus(Duration.ofHours(45));
        assertThat(schedule.next(14, ACCEPTED, late)).isEmpty();
        assertThat(schedule.next(13, ACCEPTED, ACCEPTED.plus(Duration.ofHours(43)))).isPresent();
    }
}
