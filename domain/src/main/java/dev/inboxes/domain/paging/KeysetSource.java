package dev.inboxes.domain.paging;

/**
 * A store's keyset query for one list. Implementations return rows strictly after {@code after}
 * ({@code null}: from the newest) in list order, at most {@code fetchSize} of them, and, when
 * {@code withTotal} is set, the number of rows matching the query, read in the same snapshot as the rows. A store
 * may stop counting at a bound: it then returns the bound as the total, marked not exact.
 */
@FunctionalInterface
public interface KeysetSource<T> {

    Slice<T> fetch(Keyset after, int fetchSize, boolean withTotal);
}
