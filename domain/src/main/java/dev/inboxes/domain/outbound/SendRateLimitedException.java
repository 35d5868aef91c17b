package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.DomainException;
import java.time.Duration;

/** The account or the inbox has sent to as many recipients in the past hour as it may: nothing was stored. */
public class SendRateLimitedException extends DomainException {

    private final Duration retryAfter;

    SendRateLimitedException(String who, long limit, Duration retryAfter) {
        super("This " + who + " has sent to " + limit + " recipients in the past hour, as many as it may; nothing "
                + "was sent. Send again after " + Math.max(1, retryAfter.toSeconds()) + " seconds (Retry-After), "
                + "or to fewer recipients.");
        this.retryAfter = retryAfter;
    }

    /** When the oldest send of the hour leaves it, so that the limit has room again. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
