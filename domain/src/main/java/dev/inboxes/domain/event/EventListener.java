package dev.inboxes.domain.event;

/**
 * Told when an account has new events, from whichever replica wrote them (port: the store's notifications call it).
 * Called on the one listening thread: return quickly.
 */
public interface EventListener {

    void eventsWritten(String accountId);

    /** Notifications may have been lost (the listening connection broke): every account may have new events. */
    void mayHaveMissedEvents();
}
