package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.ConflictException;

/** The same idempotency key arrived with a different request body. */
public class IdempotencyKeyReusedException extends ConflictException {

    public IdempotencyKeyReusedException() {
        super("idempotency-key-reused", "This Idempotency-Key was already used with a different request body. "
                + "Use a new key for a new request, or resend the original body to get the original result.");
    }
}
