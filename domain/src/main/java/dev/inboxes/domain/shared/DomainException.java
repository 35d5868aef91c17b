package dev.inboxes.domain.shared;

/**
 * A failure the caller can act on. The message is written for the caller: it says what went wrong
 * and what to do next, so adapters can pass it through as a problem {@code detail} or tool error text.
 */
public abstract class DomainException extends RuntimeException {

    protected DomainException(String message) {
        super(message);
    }
}
