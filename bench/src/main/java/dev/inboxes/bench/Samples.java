package dev.inboxes.bench;

/** Collects timings of one measured operation. */
final class Samples {

    private long[] nanos = new long[64];
    private int count;

    /** Times one call. */
    void time(ThrowingRunnable call) {
        long started = System.nanoTime();
        try {
            call.run();
        } catch (Exception e) {
            throw new IllegalStateException("a measured call failed", e);
        }
        add(System.nanoTime() - started);
    }

    void add(long elapsedNanos) {
        if (count == nanos.length) {
            nanos = java.util.Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsedNanos;
    }

    long[] raw() {
        return java.util.Arrays.copyOf(nanos, count);
    }

    Stats stats() {
        return Stats.of(java.util.Arrays.copyOf(nanos, count));
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
