package dev.inboxes.persistence.thread;

import dev.inboxes.domain.wait.ArrivalListener;
import dev.inboxes.persistence.notify.NotificationChannel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * The announcements of new messages ({@link ThreadKeeper#ARRIVALS_CHANNEL}), from whichever replica stored them, handed
 * to this replica's waits. After the listening connection was lost, every wait looks again.
 */
@ApplicationScoped
public class MessageArrivals implements NotificationChannel {

    private static final Logger LOG = Logger.getLogger(MessageArrivals.class);

    /** Resolved lazily: the persistence module's own tests run without the domain's wiring. */
    @Inject
    Instance<ArrivalListener> waits;

    @Override
    public String name() {
        return ThreadKeeper.ARRIVALS_CHANNEL;
    }

    @Override
    public void onNotification(String payload) {
        int space = payload.indexOf(' ');
        if (space < 1 || !waits.isResolvable()) {
            return;
        }
        try {
            waits.get().arrived(payload.substring(0, space), Long.parseLong(payload.substring(space + 1)));
        } catch (NumberFormatException e) {
            LOG.warnf("Ignored a malformed arrival announcement: %s", payload);
        }
    }

    @Override
    public void onMissedNotifications() {
        if (waits.isResolvable()) {
            waits.get().mayHaveMissedArrivals();
        }
    }
}
