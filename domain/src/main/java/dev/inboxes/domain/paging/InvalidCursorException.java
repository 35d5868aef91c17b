package dev.inboxes.domain.paging;

import dev.inboxes.domain.shared.InvalidArgumentException;

/** The cursor is not one this service issued: malformed, altered, or signed with a retired key. */
public class InvalidCursorException extends InvalidArgumentException {

    InvalidCursorException(String why) {
        super("cursor", why + " Pass the cursor exactly as the previous page returned it, or start again "
                + "without cursor to get the first page.");
    }
}
