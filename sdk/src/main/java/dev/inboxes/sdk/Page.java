package dev.inboxes.sdk;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One page of a list, exactly as the server returned it.
 *
 * <p>To read every item, prefer the auto-paging methods ({@link InboxesClient#listInboxes()},
 * {@link InboxesClient#iterateInboxes(ListInboxesParams)}); use pages when you need to stop, store the cursor, and resume later.
 *
 * @param data    the items, newest first
 * @param cursor  pass it back (with the same filters) to get the next page; {@code null} exactly when
 *                {@code hasMore} is false
 * @param hasMore whether another page follows
 * @param total      how many items match the query; present on the first page only (a request without cursor)
 *                   and empty on later pages, because the server counts once per walk
 * @param totalExact false when {@code total} is a lower bound: a filtered list counts at most 10,000 matches (the
 *                   server's default) and more matched; true otherwise, and always without a total
 * @param <T>        the item type
 */
public record Page<T>(List<T> data, String cursor, boolean hasMore, OptionalLong total, boolean totalExact) {

    /** Copies {@code data} (null becomes empty), so a page cannot change after it is read; null total is empty. */
    public Page {
        data = data == null ? List.of() : List.copyOf(data);
        total = Objects.requireNonNullElse(total, OptionalLong.empty());
        totalExact = totalExact || total.isEmpty();
    }

    /** A page whose total, if any, is exact. */
    public Page(List<T> data, String cursor, boolean hasMore, OptionalLong total) {
        this(data, cursor, hasMore, total, true);
    }
}
