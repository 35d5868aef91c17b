package dev.inboxes.persistence.shared;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Set;

/**
 * Tells a database outage (unreachable, restarting, no connection to be had) from a failure of the request
 * itself, by the JDBC exceptions anywhere in the cause chain.
 */
final class Outages {

    private Outages() {
    }

    /** Looks through causes and suppressed exceptions: a failed commit reports the lost connection as suppressed. */
    static boolean isDatabaseOutage(Throwable failure) {
        return isOutage(failure, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static boolean isOutage(Throwable failure, Set<Throwable> seen) {
        if (failure == null || !seen.add(failure)) {
            return false;
        }
        if (failure instanceof SQLTransientConnectionException || failure instanceof SQLNonTransientConnectionException
                || failure instanceof SQLException sql && (isConnectionState(sql.getSQLState()) || isPoolExhausted(sql))) {
            return true;
        }
        for (Throwable suppressed : failure.getSuppressed()) {
            if (isOutage(suppressed, seen)) {
                return true;
            }
        }
        return isOutage(failure.getCause(), seen);
    }

    /** SQLSTATE class 08 (connection exception) and 57P0x (server shutting down, restarting, not accepting). */
    private static boolean isConnectionState(String state) {
        return state != null && (state.startsWith("08") || state.startsWith("57P"));
    }

    /** The pool found no connection within its acquisition timeout (its message is the only sign). */
    private static boolean isPoolExhausted(SQLException sql) {
        String message = sql.getMessage();
        return message != null && message.toLowerCase(Locale.ROOT).contains("acquisition timeout");
    }
}
