package dev.inboxes.sdk;

/**
 * Fetches one page of a list. The auto-paging code is written once against this function, so inboxes and
 * messages (and any future list) page the same way.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface PageFetcher<T> {

    /**
     * @param cursor the previous page's cursor, or {@code null} for the first page
     * @return the page
     */
    Page<T> fetch(String cursor);
}
