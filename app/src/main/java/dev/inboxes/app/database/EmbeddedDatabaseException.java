package dev.inboxes.app.database;

/**
 * The embedded PostgreSQL cannot start; the message says why and what to do, and is printed as it stands (no stack
 * trace: the cause is the operator's to fix, not a bug).
 */
public final class EmbeddedDatabaseException extends RuntimeException {

    EmbeddedDatabaseException(String message) {
        super(message);
    }

    EmbeddedDatabaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
