package dev.inboxes.domain.paging;

/**
 * A store's query for one list ordered by activity. Implementations return the rows whose activity sequence
 * number is greater than {@code changedAfter}, in the given order ({@code latestFirst}: sequence descending, ties by
 * id descending; else both ascending), strictly after {@code after} in that order ({@code null}: from the start), at
 * most {@code fetchSize} of them, and, when {@code withTotal} is set, the number of rows of the list, read in the
 * same snapshot as the rows.
 */
@FunctionalInterface
public interface ActivitySource<T> {

    Slice<T> fetch(long changedAfter, ActivityKey after, boolean latestFirst, int fetchSize, boolean withTotal);
}
