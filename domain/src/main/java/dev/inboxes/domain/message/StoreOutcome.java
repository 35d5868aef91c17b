package dev.inboxes.domain.message;

import dev.inboxes.domain.inbox.Inbox;

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

    /**
     * For a message the service made itself (one it sends): its inbox must still exist, and it cannot be a
     * duplicate, since its Message-ID is made of its new id and only a received copy of this very message could
     * match it.
     *
     * @throws dev.inboxes.domain.shared.NotFoundException when the inbox is gone
     */
    public void requireStored(NewMessage message) {
        if (status == Status.NO_INBOX) {
            throw Inbox.notFound(message.inboxId());
        }
        if (status == Status.DUPLICATE) {
            throw new IllegalStateException("The inbox already holds a message with the Message-ID of " + message.id());
        }
    }
}
