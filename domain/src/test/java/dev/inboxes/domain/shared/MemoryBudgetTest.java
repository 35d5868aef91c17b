package dev.inboxes.domain.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MemoryBudgetTest {

    @Test
    void whatDoesNotFitIsRefusedUntilReleasedAndOneAlwaysProceeds() {
        MemoryBudget budget = new MemoryBudget(10);
        assertThat(budget.tryReserve(25)).as("alone, even over the limit").isTrue();
        assertThat(budget.tryReserve(1)).isFalse();
        budget.release(25);
        assertThat(budget.tryReserve(6)).isTrue();
        assertThat(budget.tryReserve(4)).isTrue();
        assertThat(budget.tryReserve(1)).isFalse();
        assertThat(budget.held()).isEqualTo(10);
        budget.release(4);
        assertThat(budget.tryReserve(4)).isTrue();
    }

    @Test
    void concurrentReservationsNeverHoldMoreThanTheLimit() throws Exception {
        MemoryBudget budget = new MemoryBudget(1_000);
        AtomicLong most = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        for (int t = 0; t < 8; t++) {
            threads.submit(() -> {
                for (int i = 0; i < 100_000; i++) {
                    if (budget.tryReserve(300)) {
                        most.accumulateAndGet(budget.held(), Math::max);
                        budget.release(300);
                    }
                }
            });
        }
        threads.shutdown();
        assertThat(threads.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        assertThat(most.get()).isBetween(300L, 900L);
        assertThat(budget.held()).isZero();
    }
}
