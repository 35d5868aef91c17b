package dev.inboxes.domain.wait;

import dev.inboxes.domain.shared.DomainException;

/** The account (or the replica) already has as many waits in progress as it may. */
public class TooManyWaitsException extends DomainException {

    TooManyWaitsException(String message) {
        super(message);
    }
}
