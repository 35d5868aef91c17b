package dev.inboxes.domain.shared;

/**
 * The store cannot be reached right now (the database is down, restarting, or has no connection to spare):
 * not the caller's fault, and worth retrying shortly. Stores throw it for outages only, so a surface answers
 * it with "retry later" (HTTP 503, a tool error saying so) and every other failure stays what it is.
 */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(Throwable cause) {
        super("The store is unavailable: " + cause.getMessage(), cause);
    }
}
