package dev.inboxes.persistence.event;

import dev.inboxes.domain.event.EventStore;
import dev.inboxes.persistence.shared.BatchedDeletion;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Deletes events older than the retention ({@code inboxes.events.retention}) with their webhook deliveries, in the
 * background and in small batches ({@link BatchedDeletion}).
 */
@ApplicationScoped
public class EventCleanup {

    private static final Logger LOG = Logger.getLogger(EventCleanup.class);

    @Inject
    EventStore events;

    @ConfigProperty(name = "inboxes.events.retention", defaultValue = "30D")
    Duration retention;

    @Scheduled(identity = "event-cleanup", every = "10m", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        BatchedDeletion.scheduledRun(LOG, "Event cleanup", "Deleted %d events older than " + retention,
                () -> deleteExpired(Instant.now()));
    }

    /** @return how many events older than the retention at {@code now} were deleted */
    public int deleteExpired(Instant now) {
        Instant before = now.minus(retention);
        return BatchedDeletion.inBatches(() -> events.deleteBefore(before, BatchedDeletion.BATCH));
    }
}
