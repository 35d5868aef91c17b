package dev.inboxes.api.limits;

import java.time.Duration;
import java.util.Objects;

/**
 * How many requests a client may send (the application's configuration, under {@code inboxes.rate-limit}).
 *
 * @param perAccount every request of one account, whichever of its keys signs it
 * @param perAddress every request from one client address, signed or not
 * @param signUp     account creations from one client address: the strictest, since accounts are free
 */
public record RateLimitSettings(boolean enabled, Limit perAccount, Limit perAddress, Limit signUp) {

    public RateLimitSettings {
        Objects.requireNonNull(perAccount, "perAccount");
        Objects.requireNonNull(perAddress, "perAddress");
        Objects.requireNonNull(signUp, "signUp");
    }

    /**
     * At most {@code requests} per {@code period}, in bursts of up to {@code requests}: a token bucket of that
     * capacity, refilled evenly over the period.
     */
    public record Limit(long requests, Duration period) {

        public Limit {
            if (requests < 1 || period == null || period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("a rate limit needs at least 1 request per positive period, not "
                        + requests + " per " + period);
            }
        }

        /** For a problem's detail, e.g. {@code 200 requests per 2 seconds}. */
        String describe() {
            return requests + (requests == 1 ? " request" : " requests") + " per " + humane(period);
        }

        private static String humane(Duration period) {
            long seconds = period.toSeconds();
            if (period.toMillis() % 1_000 != 0) {
                return period.toMillis() + " ms";
            }
            if (seconds % 3_600 == 0) {
                return seconds == 3_600 ? "hour" : seconds / 3_600 + " hours";
            }
            if (seconds % 60 == 0) {
                return seconds == 60 ? "minute" : seconds / 60 + " minutes";
            }
            return seconds == 1 ? "second" : seconds + " seconds";
        }
    }
}
