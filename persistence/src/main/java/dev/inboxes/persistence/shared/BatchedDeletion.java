package dev.inboxes.persistence.shared;

import java.util.function.IntSupplier;
import org.jboss.logging.Logger;

/**
 * The frame of the background cleanups: rows deleted in small batches, each its own short transaction, oldest first,
 * skipping rows another replica's cleanup holds, so no write ever waits behind one. Every replica runs them; that is
 * harmless.
 */
public final class BatchedDeletion {

    /** Rows per transaction: a few milliseconds of work each. */
    public static final int BATCH = 1_000;
    /** A run deletes at most this many batches; the next run goes on. */
    public static final int MAX_BATCHES_PER_RUN = 100;

    private BatchedDeletion() {
    }

    /**
     * Deletes batch after batch until one is not full, or {@link #MAX_BATCHES_PER_RUN} are done.
     *
     * @param deleteBatch deletes at most {@link #BATCH} rows and returns how many it deleted
     * @return how many rows were deleted in all
     */
    public static int inBatches(IntSupplier deleteBatch) {
        int total = 0;
        for (int batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
            int deleted = deleteBatch.getAsInt();
            total += deleted;
            if (deleted < BATCH) {
                break;
            }
        }
        return total;
    }

    /**
     * One scheduled run: how many rows it deleted is logged at debug level, a failure as a warning only, since the
     * next run retries.
     *
     * @param deletedFormat the debug message, with {@code %d} for the rows deleted
     */
    public static void scheduledRun(Logger log, String cleanup, String deletedFormat, IntSupplier run) {
        try {
            int deleted = run.getAsInt();
            if (deleted > 0) {
                log.debugf(deletedFormat, deleted);
            }
        } catch (RuntimeException e) {
            log.warnf("%s failed, to be retried at the next run: %s", cleanup, e.getMessage());
        }
    }
}
