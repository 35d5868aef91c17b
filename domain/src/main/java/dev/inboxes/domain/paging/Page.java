package dev.inboxes.domain.paging;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One page of a list, the contract every surface serializes.
 *
 * @param items      at most {@code limit} rows, newest first
 * @param nextCursor opaque token for the next page; {@code null} exactly when {@code hasMore} is false
 * @param hasMore    whether another page exists
 * @param total      rows matching the query; present on the first page only
 * @param totalExact false when {@code total} is a lower bound: the store counted matches up to its bound
 *                   ({@link PageLimits#TOTAL_EXACT_UP_TO}) and more match; always true without a total
 */
public record Page<T>(List<T> items, String nextCursor, boolean hasMore, OptionalLong total, boolean totalExact) {

    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(total, "total");
        if (hasMore != (nextCursor != null)) {
            throw new IllegalArgumentException("nextCursor must be present exactly when hasMore is true");
        }
        totalExact = totalExact || total.isEmpty();
    }

    /** A page whose total, if any, is exact. */
    public Page(List<T> items, String nextCursor, boolean hasMore, OptionalLong total) {
        this(items, nextCursor, hasMore, total, true);
    }

    /** The total for serializers that omit a null field: {@code null} on later pages. */
    public Long totalOrNull() {
        return total.isPresent() ? total.getAsLong() : null;
    }

    /** For serializers that omit a null field: {@code false} when the total is a lower bound, else {@code null}. */
    public Boolean totalExactOrNull() {
        return totalExact ? null : Boolean.FALSE;
    }
}
