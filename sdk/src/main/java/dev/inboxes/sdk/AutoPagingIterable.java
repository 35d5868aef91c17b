package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * Every item of a list, fetched page by page as you iterate (the model is stripe-java's
 * {@code autoPagingIterable()}).
 *
 * <p>Nothing is requested until iteration starts; the next page is requested only when the current one is
 * used up, so breaking out of a loop early saves the remaining requests. Each {@link #iterator()} (and each
 * {@link #stream()}) starts a new walk from the first page. A walk throws {@link PagingException} instead of
 * looping when the server repeats a cursor, and the call's {@link InboxesException} when a page request fails.
 *
 * @param <T> the item type
 */
public final class AutoPagingIterable<T> implements Iterable<T> {

    private final PageFetcher<T> fetcher;

    /** @param fetcher fetches one page for a cursor ({@code null} for the first page) */
    public AutoPagingIterable(PageFetcher<T> fetcher) {
        this.fetcher = Objects.requireNonNull(fetcher, "fetcher");
    }

    /** @return a new walk; it makes its first request on the first {@code hasNext()} */
    @Override
    public Iterator<T> iterator() {
        return new AutoPagingIterator<>(fetcher);
    }

    @Override
    public Spliterator<T> spliterator() {
        return Spliterators.spliteratorUnknownSize(iterator(), Spliterator.ORDERED | Spliterator.NONNULL);
    }

    /**
     * @return a sequential, lazy stream over a new walk: short-circuiting operations such as {@code limit}
     *         or {@code findFirst} stop requesting pages once satisfied
     */
    public Stream<T> stream() {
        // The supplier form defers even creating the walk to the terminal operation.
        return StreamSupport.stream(this::spliterator, Spliterator.ORDERED | Spliterator.NONNULL, false);
    }

    /** @return every item, in order, reading every page now */
    public List<T> toList() {
        List<T> all = new ArrayList<>();
        forEach(all::add);
        return all;
    }
}
