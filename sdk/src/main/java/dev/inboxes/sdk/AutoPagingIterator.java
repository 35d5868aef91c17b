package dev.inboxes.sdk;

import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Walks a list page by page: it fetches the first page on the first {@link #hasNext()}, and the next page only
 * when the current one is used up. A page whose cursor cannot be followed ends the walk with a
 * {@link PagingException} before its items are handed out. Not thread-safe, like any iterator.
 */
final class AutoPagingIterator<T> implements Iterator<T> {

    private final PageFetcher<T> fetcher;
    /** Every cursor this walk followed: a repeat would replay pages forever. */
    private final Set<String> followedCursors = new HashSet<>();
    private Iterator<T> items = Collections.emptyIterator();
    private String nextCursor;
    private int pagesFetched;
    private boolean exhausted;

    AutoPagingIterator(PageFetcher<T> fetcher) {
        this.fetcher = fetcher;
    }

    @Override
    public boolean hasNext() {
        // A loop, not an if: a page may be empty yet announce more (the next one decides).
        while (!items.hasNext()) {
            if (exhausted) {
                return false;
            }
            fetchNextPage();
        }
        return true;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("The list has no more items");
        }
        return items.next();
    }

    private void fetchNextPage() {
        Page<T> page = fetcher.fetch(nextCursor); // null on the first page
        pagesFetched++;
        if (page.hasMore()) {
            nextCursor = followable(page.cursor()); // checked before its items are handed out
        } else {
            exhausted = true;
        }
        items = page.data().iterator();
    }

    /** @throws PagingException when following the cursor could not make progress; the walk is then over */
    private String followable(String cursor) {
        if (cursor == null || cursor.isBlank()) {
            exhausted = true;
            throw new PagingException("Page " + pagesFetched + " says has_more=true but has no cursor: "
                    + "the rest of the list cannot be requested.");
        }
        if (!followedCursors.add(cursor)) {
            exhausted = true;
            throw new PagingException("Page " + pagesFetched + " returned a cursor this walk already followed ("
                    + cursor + "); following it would loop forever.");
        }
        return cursor;
    }
}
