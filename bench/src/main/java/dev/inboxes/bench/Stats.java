package dev.inboxes.bench;

import java.util.Arrays;

/** Latency samples in nanoseconds, summarised as the report shows them. */
record Stats(int samples, double medianMs, double p99Ms, double meanMs) {

    static Stats of(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(sorted).average().orElse(0) / 1e6;
        return new Stats(sorted.length, percentile(sorted, 50), percentile(sorted, 99), mean);
    }

    /** Nearest-rank percentile. */
    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }

    String median() {
        return format(medianMs);
    }

    String p99() {
        return format(p99Ms);
    }

    static String format(double ms) {
        return ms < 10 ? String.format("%.2f", ms) : String.format("%.1f", ms);
    }
}
