package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The inbox use cases, shared by every surface (REST, MCP). */
public final class InboxService {

    /** The most inboxes one confirmed bulk-delete call deletes; a new token continues with the rest. */
    public static final int BULK_DELETE_MAX = 1_000;
    /** How many of the matching inboxes a bulk delete shows, so the user sees what would go. */
    public static final int BULK_DELETE_SAMPLE = 5;

    static final int RANDOM_USERNAME_LENGTH = 12;
    private static final int RANDOM_ADDRESS_ATTEMPTS = 3;

    private final InboxStore store;
    private final Pager pager;
    private final String mailDomain;
    private final Clock clock;
    private final BulkDeleteTokens confirmTokens;

    public InboxService(InboxStore store, CursorCodec cursors, String mailDomain, Clock clock) {
        this.store = store;
        this.pager = new Pager(cursors);
        this.confirmTokens = new BulkDeleteTokens(cursors);
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
        return store.find(accountId, requireShape(inboxId)).orElseThrow(() -> Inbox.notFound(inboxId));
    }

    public void delete(String accountId, String inboxId) {
        if (!store.delete(accountId, requireShape(inboxId))) {
            throw Inbox.notFound(inboxId);
        }
    }

    /** An id that cannot be an inbox id (NUL bytes, 600,000 characters…) is unknown, without asking the store. */
    private static String requireShape(String inboxId) {
        if (!RandomIds.hasShape(Inbox.ID_PREFIX, inboxId)) {
            throw Inbox.notFound(inboxId);
        }
        return inboxId;
    }

    public Page<Inbox> list(String accountId, InboxFilter filter, PageRequest request) {
        return pager.page(request, filter.scope(accountId),
                (after, fetchSize, withTotal) -> store.page(accountId, filter, after, fetchSize, withTotal));
    }

    /**
     * Deletes the inboxes matching {@code filter} in two steps, so nothing goes by mistake:
     * <ol>
     *   <li>without {@code confirmToken}: deletes nothing, and returns how many match, a sample, and a token bound
     *       to the account, the filter and exactly these matches;</li>
     *   <li>with the token (and the same filter): deletes up to {@value #BULK_DELETE_MAX} of them, and returns a
     *       new token for the rest while any remain. When the matches are no longer exactly the confirmed ones
     *       (an inbox was created or deleted in between), it deletes nothing and refuses.</li>
     * </ol>
     *
     * @throws MatchesChangedException  when the matches changed since the token was issued
     * @throws dev.inboxes.domain.shared.InvalidArgumentException when the token is damaged, expired, or belongs to another account or filter
     */
    public BulkDeletion bulkDelete(String accountId, InboxFilter filter, String confirmToken) {
        if (confirmToken == null || confirmToken.isBlank()) {
            InboxMatches matches = store.matches(accountId, filter);
            return result(accountId, filter, matches, 0, matches);
        }
        InboxMatches confirmed = confirmTokens.verify(confirmToken.trim(), accountId, filter, clock.instant());
        Optional<InboxMatches> deleted = store.deleteMatches(accountId, filter, confirmed, BULK_DELETE_MAX);
        if (deleted.isEmpty()) {
            throw new MatchesChangedException(confirmed.count(), store.matches(accountId, filter).count());
        }
        return result(accountId, filter, confirmed, deleted.get().count(), confirmed.without(deleted.get()));
    }

    private BulkDeletion result(String accountId, InboxFilter filter, InboxMatches matched, long deleted,
            InboxMatches remaining) {
        if (remaining.count() == 0) {
            return new BulkDeletion(matched.count(), deleted, List.of(), null);
        }
        List<Inbox> sample = store.page(accountId, filter, null, BULK_DELETE_SAMPLE, false).rows();
        return new BulkDeletion(matched.count(), deleted, sample,
                confirmTokens.issue(accountId, filter, remaining, Timestamps.nowMicros(clock)));
    }
}
