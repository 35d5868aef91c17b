package dev.inboxes.persistence.event;

import dev.inboxes.domain.event.EventListener;
import dev.inboxes.persistence.notify.NotificationChannel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

/**
 * The announcements of new events (payload: the account id; one per account and transaction), from whichever
 * replica wrote them, handed to this replica's listeners: the event streams and the webhook workers.
 */
@ApplicationScoped
public class EventNotifications implements NotificationChannel {

    /** The channel migration V14's triggers notify. */
    public static final String CHANNEL = "inboxes_events";

    @Inject
    @Any
    Instance<EventListener> listeners;

    @Override
    public String name() {
        return CHANNEL;
    }

    @Override
    public void onNotification(String payload) {
        for (EventListener listener : listeners) {
            listener.eventsWritten(payload);
        }
    }

    @Override
    public void onMissedNotifications() {
        for (EventListener listener : listeners) {
            listener.mayHaveMissedEvents();
        }
    }
}
