package dev.inboxes.domain.message;

/**
 * What the store did with one {@link NewMessage}.
 *
 * @param row the stored row; {@code null} unless {@link Status#STORED}
 */
public record StoreOutcome(Status status, Message row) {

    public enum Status {
        /** Stored now. */
        STORED,
        /** The inbox already holds a message with the same dedupe key: nothing was stored. */
        DUPLICATE,
        /** The inbox does not exist (any more) in the account: nothing was stored. */
        NO_INBOX
    }

    public static StoreOutcome stored(Message row) {
        return new StoreOutcome(Status.STORED, row);
    }
}
