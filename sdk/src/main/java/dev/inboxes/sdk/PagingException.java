package dev.inboxes.sdk;

/**
 * An auto-paging walk stopped because the server's pages made no progress: a cursor came back that this walk
 * had already followed, or a page said {@code has_more} without a cursor. Following it would loop forever.
 * The items already returned are valid; start a new walk to retry.
 */
public class PagingException extends InboxesException {

    /** For a page that cannot be followed. */
    public PagingException(String message) {
        super(message, null, null, null, null);
    }
}
