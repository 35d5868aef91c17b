package dev.inboxes.domain.shared;

/** The request is valid but collides with existing state (a taken address, a reused idempotency key). */
public class ConflictException extends DomainException {

    private final String reason;

    public ConflictException(String reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** A stable, machine-readable name for the kind of conflict, e.g. {@code address-taken}. */
    public String reason() {
        return reason;
    }
}
