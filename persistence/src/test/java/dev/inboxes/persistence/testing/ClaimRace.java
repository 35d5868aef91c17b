package dev.inboxes.persistence.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** One of several workers racing for the same due rows, for the tests that hold claims to being disjoint. */
public final class ClaimRace {

    private ClaimRace() {
    }

    /**
     * Waits for the start, then claims batch after batch until a claim returns nothing.
     *
     * @param ours which claimed rows the test counts (other tests' rows may be due too)
     * @return the ids of the rows of ours this worker claimed
     */
    public static <T> List<String> claimUntilEmpty(CountDownLatch start, Supplier<List<T>> claimBatch,
            Predicate<T> ours, Function<T, String> id) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        List<String> claimed = new ArrayList<>();
        List<T> batch;
        do {
            batch = claimBatch.get();
            batch.stream().filter(ours).map(id).forEach(claimed::add);
        } while (!batch.isEmpty());
        return claimed;
    }
}
