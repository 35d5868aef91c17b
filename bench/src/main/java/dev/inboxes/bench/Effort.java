package dev.inboxes.bench;

import java.time.Duration;

/**
 * How much each section does. The full run measures; the smoke run ({@code bench.smoke}, inside {@code verify}) runs
 * every section on tiny data only to prove it still works against today's schema and routes, so its figures mean
 * nothing and it writes no docs.
 */
final class Effort {

    static final boolean SMOKE = Boolean.getBoolean("bench.smoke");

    private Effort() {
    }

    /** Rounds (or samples) of a measurement: a handful in a smoke run. */
    static int rounds(int full) {
        return SMOKE ? Math.min(full, 3) : full;
    }

    /** A warm-up before a measurement: a moment in a smoke run. */
    static Duration warmUp(Duration full) {
        return SMOKE ? Duration.ofMillis(200) : full;
    }
}
