package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/** Backoff arithmetic and Retry-After parsing, without a server. */
class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(1));

    @RepeatedTest(20)
    void theDelayDoublesWithJitterAndIsCapped() {
        assertThat(policy.delayBefore(1, null)).isBetween(Duration.ofMillis(50), Duration.ofMillis(100));
        assertThat(policy.delayBefore(2, null)).isBetween(Duration.ofMillis(100), Duration.ofMillis(200));
        assertThat(policy.delayBefore(3, null)).isBetween(Duration.ofMillis(200), Duration.ofMillis(400));
        assertThat(policy.delayBefore(10, null)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
        assertThat(policy.delayBefore(500, null)).isBetween(Duration.ofMillis(500), Duration.ofSeconds(1));
    }

    @Test
    void retryAfterReplacesTheBackoffUpToTheCap() {
        assertThat(policy.delayBefore(1, Duration.ZERO)).isZero();
        assertThat(policy.delayBefore(1, Duration.ofMillis(300))).isEqualTo(Duration.ofMillis(300));
        assertThat(policy.delayBefore(1, Duration.ofHours(1))).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void zeroBackoffMeansNoWait() {
        assertThat(new RetryPolicy(3, Duration.ZERO, Duration.ZERO).delayBefore(2, null)).isZero();
    }

    @Test
    void retryAfterIsReadAsSecondsOrAnHttpDate() {
        assertThat(RetryAfter.parse(headers("2"))).isEqualTo(Duration.ofSeconds(2));
        assertThat(RetryAfter.parse(headers(" 0 "))).isZero();
        String inAMinute = ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(60)
                .format(DateTimeFormatter.RFC_1123_DATE_TIME);
        assertThat(RetryAfter.parse(headers(inAMinute))).isBetween(Duration.ofSeconds(50), Duration.ofSeconds(60));
        assertThat(RetryAfter.parse(headers("Sun, 06 Nov 1994 08:49:37 GMT"))).isZero();
        assertThat(RetryAfter.parse(headers("soon"))).isNull();
        assertThat(RetryAfter.parse(headers("-1"))).isNull();
        assertThat(RetryAfter.parse(HttpHeaders.of(Map.of(), (name, value) -> true))).isNull();
    }

    private static HttpHeaders headers(String retryAfter) {
        return HttpHeaders.of(Map.of("Retry-After", List.of(retryAfter)), (name, value) -> true);
    }
}
