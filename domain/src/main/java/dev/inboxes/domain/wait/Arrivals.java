package dev.inboxes.domain.wait;

import java.util.List;

/**
 * What an inbox received after some point of its arrival sequence, read in one snapshot.
 *
 * @param rows    the arrivals, in sequence order, at most as many as asked for
 * @param current the inbox's latest sequence number in the same snapshot: every arrival up to it is committed
 */
public record Arrivals(List<Arrival> rows, long current) {

    public Arrivals {
        rows = List.copyOf(rows);
    }
}
