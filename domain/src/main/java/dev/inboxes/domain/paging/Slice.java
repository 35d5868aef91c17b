package dev.inboxes.domain.paging;

import java.util.List;
import java.util.OptionalLong;

/**
 * What a store returns for one keyset query: up to {@code limit + 1} rows, and the total when asked for.
 *
 * @param totalExact false when the store stopped counting at its bound: then {@code total} is that bound and more
 *                   rows match (see {@link PageLimits#TOTAL_EXACT_UP_TO})
 */
public record Slice<T>(List<T> rows, OptionalLong total, boolean totalExact) {

    /** A slice whose total, if any, is exact. */
    public Slice(List<T> rows, OptionalLong total) {
        this(rows, total, true);
    }
}
