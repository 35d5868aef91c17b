package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.DomainException;

/** The account has as many deliveries waiting as its outbox holds: nothing more is accepted until some go out. */
public class OutboxFullException extends DomainException {

    OutboxFullException(long pending) {
        super("The outbox of this account already holds " + pending + " deliveries that have not gone out; send again "
                + "once some have (the deliveries of a sent message show their status).");
    }
}
