package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.shared.NotFoundException;
import java.time.Instant;

/**
 * An inbox: an email address owned by one account.
 *
 * @param displayName optional; {@code null} when the caller gave none
 * @param createdAt   microsecond precision, the primary sort key of the list
 */
public record Inbox(String id, String address, String displayName, Instant createdAt) implements Keyed {

    public static final String ID_PREFIX = "inb_";

    /** What every surface answers for an inbox id that is not in the account (or no longer is). */
    public static NotFoundException notFound(String inboxId) {
        // Agents read inbox pages whose ids are written without the prefix: say so to one that dropped it.
        boolean bare = inboxId != null && !inboxId.startsWith(ID_PREFIX);
        return new NotFoundException("inbox", inboxId, (bare ? "write it with its " + ID_PREFIX + " prefix, or " : "")
                + "list inboxes to find it");
    }

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
