package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.ConflictException;

/**
 * A request came with an idempotency key whose first request is still being handled: its result is not known yet,
 * so it can neither be replayed nor repeated.
 */
public class IdempotencyKeyInFlightException extends ConflictException {

    public IdempotencyKeyInFlightException() {
        super("idempotency-key-in-flight", "A request with this Idempotency-Key is still being handled. Send the "
                + "same request again in a second to get its result; nothing was done for this one.");
    }
}
