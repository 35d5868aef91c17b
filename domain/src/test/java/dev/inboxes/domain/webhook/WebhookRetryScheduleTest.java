package dev.inboxes.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WebhookRetryScheduleTest {

    @Test
    void followsTheContractThenGivesUpAfterTheEighthAttempt() {
        WebhookRetrySchedule schedule = new WebhookRetrySchedule(WebhookRetrySchedule.CONTRACT);
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        Duration[] expected = {Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10)};
        for (int attempt = 1; attempt <= 7; attempt++) {
            assertThat(schedule.next(attempt, now)).contains(now.plus(expected[attempt - 1]));
        }
        assertThat(schedule.next(8, now)).isEmpty();
        Duration total = WebhookRetrySchedule.CONTRACT.stream().reduce(Duration.ZERO, Duration::plus);
        assertThat(total).isEqualTo(Duration.ofHours(27).plusMinutes(35).plusSeconds(5)); // "about a day"
    }
}
