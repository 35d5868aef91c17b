package dev.inboxes.domain.paging;

import dev.inboxes.domain.shared.InvalidArgumentException;

/** A genuine cursor used for another query: different filters, a different list, or another account. */
public class CursorMismatchException extends InvalidArgumentException {

    CursorMismatchException() {
        super("cursor", "This cursor was issued for a different query (other filters, another list, or another "
                + "account). Repeat the request with exactly the filters that produced the cursor, or start again "
                + "without cursor to page through the new query.");
    }
}
