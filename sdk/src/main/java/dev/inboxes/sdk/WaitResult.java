package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How a wait for a message ended.
 *
 * @param timedOut whether no message arrived within the timeout
 * @param message  the earliest message after {@code since}; {@code null} when timed out
 * @param next     pass it as {@code since} to wait for the following message (nothing is missed or repeated)
 */
public record WaitResult(
        @JsonProperty("timed_out") boolean timedOut,
        Message message,
        String next) {
}
