package dev.inboxes.persistence.event;

import dev.inboxes.domain.event.EventStore;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Deletes events older than the retention ({@code inboxes.events.retention}) with their webhook deliveries, in the
 * background and in small batches: each batch is its own short transaction, oldest first, skipping rows another
 * replica's cleanup holds, so no write ever waits behind it. Every replica runs it; that is harmless.
 */
@ApplicationScoped
public class EventCleanup {

    private static final Logger LOG = Logger.getLogger(EventCleanup.class);
    /** Rows per transaction: a few milliseconds of work each. */
    static final int BATCH = 1_000;
    /** A run deletes at most this many batches; the next run goes on. */
    static final int MAX_BATCHES_PER_RUN = 100;

    @Inject
    EventStore events;

    @ConfigProperty(name = "inboxes.events.retention", defaultValue = "30D")
    Duration retention;

    @Scheduled(identity = "event-cleanup", every = "10m", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        try {
            int deleted = deleteExpired(Instant.now());
            if (deleted > 0) {
                LOG.debugf("Deleted %d events older than %s", deleted, retention);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Event cleanup failed, to be retried at the next run: %s", e.getMessage());
        }
    }

    /** @return how many events older than the retention at {@code now} were deleted */
    public int deleteExpired(Instant now) {
        Instant before = now.minus(retention);
        int total = 0;
        for (int batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
            int deleted = events.deleteBefore(before, BATCH);
            total += deleted;
            if (deleted < BATCH) {
                break;
            }
        }
        return total;
    }
}
