package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.util.Locale;

/** The inbox use cases, shared by every surface (REST, MCP). */
public final class InboxService {

    static final int RANDOM_USERNAME_LENGTH = 12;
    private static final int RANDOM_ADDRESS_ATTEMPTS = 3;

    private final InboxStore store;
    private final Pager pager;
    private final String mailDomain;
    private final Clock clock;

    public InboxService(InboxStore store, CursorCodec cursors, String mailDomain, Clock clock) {
        this.store = store;
        this.pager = new Pager(cursors);
        this.mailDomain = mailDomain.toLowerCase(Locale.ROOT);
        this.clock = clock;
    }

    /** @param idempotencyKey the caller's {@code Idempotency-Key}, or {@code null} */
    public CreatedInbox create(String accountId, CreateInbox request, String idempotencyKey) {
        IdempotencyKey key = IdempotencyKey.of(idempotencyKey, request);
        for (int attempt = 1; ; attempt++) {
            String username = request.username() != null
                    ? request.username() : RandomIds.lowercaseAlphanumeric(RANDOM_USERNAME_LENGTH);
            Inbox candidate = new Inbox(RandomIds.newId(Inbox.ID_PREFIX), username + "@" + mailDomain,
                    request.displayName(), Timestamps.nowMicros(clock));
            try {
                return store.create(accountId, candidate, key);
            } catch (AddressTakenException e) {
                // A random address can collide only by astronomic chance; a chosen one is the caller's to change.
                if (request.username() != null || attempt == RANDOM_ADDRESS_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    public Inbox get(String accountId, String inboxId) {
        return store.find(accountId, requireShape(inboxId)).orElseThrow(() -> notFound(inboxId));
    }

    public void delete(String accountId, String inboxId) {
        if (!store.delete(accountId, requireShape(inboxId))) {
            throw notFound(inboxId);
        }
    }

    /** An id that cannot be an inbox id (NUL bytes, 600,000 characters…) is unknown, without asking the store. */
    private static String requireShape(String inboxId) {
        if (!RandomIds.hasShape(Inbox.ID_PREFIX, inboxId)) {
            throw notFound(inboxId);
        }
        return inboxId;
    }

    public Page<Inbox> list(String accountId, InboxFilter filter, PageRequest request) {
        return pager.page(request, scope(accountId, filter),
                (after, fetchSize, withTotal) -> store.page(accountId, filter, after, fetchSize, withTotal));
    }

    /**
     * A cursor of this list positioned right after {@code position}, as if a page had ended there: for tools
     * that start a walk deep in a list without walking there (the benchmark).
     */
    public String cursorAfter(String accountId, InboxFilter filter, Keyset position) {
        return pager.cursorAfter(position, scope(accountId, filter));
    }

    private static QueryScope scope(String accountId, InboxFilter filter) {
        return new QueryScope("inboxes", accountId, filter.canonical());
    }

    /** The failure for an inbox id that does not exist in the caller's account. */
    public static NotFoundException notFound(String inboxId) {
        return new NotFoundException("inbox", inboxId, "list inboxes to find it");
    }
}
