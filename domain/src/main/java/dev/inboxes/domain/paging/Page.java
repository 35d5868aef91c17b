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
 */
public record Page<T>(List<T> items, String nextCursor, boolean hasMore, OptionalLong total) {

    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(total, "total");
        if (hasMore != (nextCursor != null)) {
            throw new IllegalArgumentException("nextCursor must be present exactly when hasMore is true");
        }
    }

    /** The total for serializers that omit a null field: {@code null} on later pages. */
    public Long totalOrNull() {
        return total.isPresent() ? total.getAsLong() : null;
    }
}
