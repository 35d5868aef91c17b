package dev.inboxes.domain.event;

import dev.inboxes.domain.shared.DomainException;

/** The account, or this replica, has as many event streams open as it may. */
public class TooManyStreamsException extends DomainException {

    public TooManyStreamsException(String whose, int max) {
        super(whose + " already has " + max + " event streams open, the most it may. Close one, or use a webhook "
                + "(POST /v1/webhooks) to hear about events without holding a connection; retry later.");
    }
}
