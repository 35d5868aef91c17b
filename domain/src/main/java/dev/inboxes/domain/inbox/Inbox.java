package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * An inbox: an email address owned by one account.
 *
 * @param displayName optional; {@code null} when the caller gave none
 * @param createdAt   microsecond precision, the primary sort key of the list
 */
public record Inbox(String id, String address, String displayName, Instant createdAt) implements Keyed {

    public static final String ID_PREFIX = "inb_";

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
