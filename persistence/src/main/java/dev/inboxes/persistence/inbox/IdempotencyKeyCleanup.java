package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.persistence.shared.BatchedDeletion;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Deletes idempotency keys older than {@link IdempotencyKey#RETENTION} (they no longer replay anything), in the
 * background and in small batches ({@link BatchedDeletion}).
 */
@ApplicationScoped
public class IdempotencyKeyCleanup {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeyCleanup.class);

    @Inject
    EntityManager entityManager;

    @Scheduled(identity = "idempotency-key-cleanup", every = "10m", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        BatchedDeletion.scheduledRun(LOG, "Idempotency key cleanup", "Deleted %d expired idempotency keys",
                () -> deleteExpired(Instant.now()));
    }

    /**
     * Deletes the keys that expired by {@code now}.
     *
     * @return how many were deleted
     */
    public int deleteExpired(Instant now) {
        Instant claimedBefore = now.minus(IdempotencyKey.RETENTION);
        return BatchedDeletion.inBatches(
                () -> QuarkusTransaction.requiringNew().call(() -> deleteBatch(claimedBefore)));
    }

    private int deleteBatch(Instant claimedBefore) {
        return entityManager.createNativeQuery("""
                        DELETE FROM idempotency_keys WHERE ctid IN (
                            SELECT ctid FROM idempotency_keys WHERE created_at < ?1
                            ORDER BY created_at LIMIT ?2 FOR UPDATE SKIP LOCKED)""")
                .setParameter(1, claimedBefore)
                .setParameter(2, BatchedDeletion.BATCH)
                .executeUpdate();
    }
}
