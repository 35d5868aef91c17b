package dev.inboxes.persistence.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** Workers racing for the same due rows, for the tests that hold claims to being disjoint. */
public final class ClaimRace {

    private ClaimRace() {
    }

    /**
     * Two workers start claiming at the same moment, each batch after batch until a claim returns nothing. Asserts
     * that no row was claimed twice, by one worker or by both.
     *
     * @param claimBatch one claim of a batch of due rows
     * @param ours       which claimed rows the test counts (other tests' rows may be due too)
     * @return the ids of the rows of ours either worker claimed
     */
    public static <T> Set<String> twoWorkers(Supplier<List<T>> claimBatch, Predicate<T> ours, Function<T, String> id)
            throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        CompletableFuture<List<String>> first = CompletableFuture.supplyAsync(
                () -> claimUntilEmpty(start, claimBatch, ours, id));
        CompletableFuture<List<String>> second = CompletableFuture.supplyAsync(
                () -> claimUntilEmpty(start, claimBatch, ours, id));
        start.countDown();
        List<String> byFirst = first.get(60, TimeUnit.SECONDS);
        List<String> bySecond = second.get(60, TimeUnit.SECONDS);

        assertThat(byFirst).doesNotHaveDuplicates().doesNotContainAnyElementsOf(bySecond);
        assertThat(bySecond).doesNotHaveDuplicates();
        Set<String> claimed = new HashSet<>(byFirst);
        claimed.addAll(bySecond);
        return claimed;
    }

    private static <T> List<String> claimUntilEmpty(CountDownLatch start, Supplier<List<T>> claimBatch,
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
