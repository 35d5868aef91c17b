package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.IdempotencyKey;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Deletes idempotency keys older than {@link IdempotencyKey#RETENTION} (they no longer replay anything), in the
 * background and in small batches: each batch is its own short transaction, oldest first, skipping rows another
 * replica's cleanup holds, so no request ever waits behind it. Every replica runs it; that is harmless.
 */
@ApplicationScoped
public class IdempotencyKeyCleanup {

    private static final Logger LOG = Logger.getLogger(IdempotencyKeyCleanup.class);
    /** Rows per transaction: a few milliseconds of work each. */
    static final int BATCH = 1_000;
    /** A run deletes at most this many batches; the next run goes on. */
    static final int MAX_BATCHES_PER_RUN = 100;

    @Inject
    EntityManager entityManager;

    @Scheduled(identity = "idempotency-key-cleanup", every = "10m", delayed = "1m",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        try {
            int deleted = deleteExpired(Instant.now());
            if (deleted > 0) {
                LOG.debugf("Deleted %d expired idempotency keys", deleted);
            }
        } catch (RuntimeException e) {
            LOG.warnf("Idempotency key cleanup failed, to be retried at the next run: %s", e.getMessage());
        }
    }

    /**
     * Deletes the keys that expired by {@code now}.
     *
     * @return how many were deleted
     */
    public int deleteExpired(Instant now) {
        Instant claimedBefore = now.minus(IdempotencyKey.RETENTION);
        int total = 0;
        for (int batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
            int deleted = QuarkusTransaction.requiringNew().call(() -> deleteBatch(claimedBefore));
            total += deleted;
            if (deleted < BATCH) {
                break;
            }
        }
        return total;
    }

    private int deleteBatch(Instant claimedBefore) {
        return entityManager.createNativeQuery("""
                        DELETE FROM idempotency_keys WHERE ctid IN (
                            SELECT ctid FROM idempotency_keys WHERE created_at < ?1
                            ORDER BY created_at LIMIT ?2 FOR UPDATE SKIP LOCKED)""")
                .setParameter(1, claimedBefore)
                .setParameter(2, BATCH)
                .executeUpdate();
    }
}
