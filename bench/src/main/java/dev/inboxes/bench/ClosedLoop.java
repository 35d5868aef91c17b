package dev.inboxes.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * Closed-loop load: each worker starts its next action as soon as the last one ended, until the warm-up and the
 * measurement window have passed; only the actions begun within the window are recorded.
 */
final class ClosedLoop {

    @FunctionalInterface
    interface Action {
        /** Runs one action; returns the latency to record, in nanoseconds. */
        long run(int worker, long sequence) throws Exception;
    }

    private final CountDownLatch done;
    private final List<Samples> perWorker = new ArrayList<>();
    private final AtomicLong failures = new AtomicLong();

    private ClosedLoop(int workers) {
        this.done = new CountDownLatch(workers);
    }

    /** Starts the workers, threads {@code name-0} and on, and returns while they run. */
    static ClosedLoop start(String name, int workers, Duration warmup, Duration window, Action action) {
        ClosedLoop loop = new ClosedLoop(workers);
        long measureFrom = System.nanoTime() + warmup.toNanos();
        long measureTo = measureFrom + window.toNanos();
        for (int worker = 0; worker < workers; worker++) {
            Samples samples = new Samples();
            loop.perWorker.add(samples);
            int id = worker;
            new Thread(() -> {
                try {
                    for (long sequence = 0; ; sequence++) {
                        long began = System.nanoTime();
                        if (began >= measureTo) {
                            return;
                        }
                        try {
                            long latency = action.run(id, sequence);
                            if (began >= measureFrom) {
                                samples.add(latency);
                            }
                        } catch (Exception e) {
                            if (loop.failures.incrementAndGet() == 1) {
                                e.printStackTrace(); // the first one says why; the count says how often
                            }
                        }
                    }
                } finally {
                    loop.done.countDown();
                }
            }, name + "-" + worker).start();
        }
        return loop;
    }

    /**
     * Waits for the workers to end and returns every latency recorded; when any action failed, throws with the
     * message {@code failed} makes of their number.
     */
    long[] latencies(LongFunction<String> failed) throws InterruptedException {
        done.await();
        if (failures.get() > 0) {
            throw new IllegalStateException(failed.apply(failures.get()));
        }
        return perWorker.stream().flatMapToLong(samples -> Arrays.stream(samples.raw())).toArray();
    }
}
