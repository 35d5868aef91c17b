package dev.inboxes.persistence.notify;

/**
 * A PostgreSQL notification channel this replica listens on: declare one as a bean and
 * {@link PostgresNotifications} listens on it, on the replica's one listening connection.
 */
public interface NotificationChannel {

    /** The channel's name: lower-case letters, digits and underscores, starting with a letter. */
    String name();

    /** A notification sent on the channel (after its transaction committed), on the listener's thread: be quick. */
    void onNotification(String payload);

    /**
     * The listener has just (re)started listening, after a start, a database restart or a lost connection:
     * notifications sent meanwhile were missed, so whatever they would have invalidated must be treated as stale.
     */
    void onMissedNotifications();
}
