package dev.inboxes.domain.testing;

import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.inbox.CreatedInbox;
import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxMatches;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.Slice;
import java.time.Instant;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The in-memory {@link InboxStore}: what the PostgreSQL store does, in a few lines, for domain tests.
 * {@link InboxStoreContract} holds both to the same behaviour.
 */
public class InMemoryInboxStore implements InboxStore {

    private record Owned(String accountId, Inbox inbox) {
    }

    /** What a key did first: created {@code inbox}, or accepted the message {@code messageId} (the outbox's keys). */
    private record Replay(String requestFingerprint, Inbox inbox, String messageId, Instant claimedAt) {

        boolean expiredAt(Instant now) {
            return claimedAt.plus(IdempotencyKey.RETENTION).isBefore(now);
        }
    }

    private final Map<String, Owned> byId = new LinkedHashMap<>();
    private final Map<List<String>, Replay> idempotencyKeys = new LinkedHashMap<>();
    private final long totalExactUpTo;

    /** A store that counts filtered totals up to {@link PageLimits#TOTAL_EXACT_UP_TO}, as the default configuration. */
    public InMemoryInboxStore() {
        this(PageLimits.TOTAL_EXACT_UP_TO);
    }

    /** @param totalExactUpTo how many matches a filtered total counts at most */
    public InMemoryInboxStore(long totalExactUpTo) {
        this.totalExactUpTo = totalExactUpTo;
    }

    @Override
    public synchronized CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
        if (idempotencyKey != null) {
            Replay first = idempotencyKeys.get(List.of(accountId, idempotencyKey.key()));
            if (first != null && !first.expiredAt(candidate.createdAt())) {
                if (first.inbox() == null || !first.requestFingerprint().equals(idempotencyKey.requestFingerprint())) {
                    throw new IdempotencyKeyReusedException();
                }
                return new CreatedInbox(first.inbox(), true);
            }
        }
        if (byId.values().stream().anyMatch(owned -> owned.inbox().address().equals(candidate.address()))) {
            throw new AddressTakenException(candidate.address());
        }
        add(accountId, candidate);
        if (idempotencyKey != null) {
            idempotencyKeys.put(List.of(accountId, idempotencyKey.key()),
                    new Replay(idempotencyKey.requestFingerprint(), candidate, null, candidate.createdAt()));
        }
        return new CreatedInbox(candidate, false);
    }

    @Override
    public synchronized Optional<Inbox> find(String accountId, String inboxId) {
        return Optional.ofNullable(byId.get(inboxId)).filter(owned -> owned.accountId().equals(accountId))
                .map(Owned::inbox);
    }

    @Override
    public synchronized boolean delete(String accountId, String inboxId) {
        return byId.entrySet().removeIf(entry -> entry.getKey().equals(inboxId)
                && entry.getValue().accountId().equals(accountId));
    }

    @Override
    public synchronized Slice<Inbox> page(String accountId, InboxFilter filter, Keyset after, int fetchSize,
            boolean withTotal) {
        List<Inbox> matching = inboxesOf(accountId).stream().filter(inbox -> matches(inbox, filter)).toList();
        Slice<Inbox> slice = new ListKeysetSource<>(matching).fetch(after, fetchSize, withTotal);
        // As the database store counts: a search by words to the lower of the two bounds.
        long bound = filter.words().isEmpty() ? totalExactUpTo
                : Math.min(totalExactUpTo, PageLimits.TOTAL_EXACT_UP_TO_WITH_Q);
        if (filter.isEmpty() || !withTotal || slice.total().getAsLong() <= bound) {
            return slice;
        }
        return new Slice<>(slice.rows(), OptionalLong.of(bound), false);
    }

    @Override
    public synchronized InboxMatches matches(String accountId, InboxFilter filter) {
        InboxMatches matches = InboxMatches.NONE;
        for (Inbox inbox : inboxesOf(accountId)) {
            if (matches(inbox, filter)) {
                matches = matches.with(idHash(inbox.id()));
            }
        }
        return matches;
    }

    @Override
    public synchronized Optional<InboxMatches> deleteMatches(String accountId, InboxFilter filter,
            InboxMatches expected, int max) {
        if (!matches(accountId, filter).equals(expected)) {
            return Optional.empty();
        }
        InboxMatches deleted = InboxMatches.NONE;
        for (Inbox inbox : page(accountId, filter, null, max, false).rows()) {
            byId.remove(inbox.id());
            deleted = deleted.with(idHash(inbox.id()));
        }
        return Optional.of(deleted);
    }

    private static long idHash(String id) {
        return ByteBuffer.wrap(Hashing.sha256(id)).getLong();
    }

    /** Stores an inbox as it is, without the checks of {@link #create}: for arranging a test. */
    public synchronized void add(String accountId, Inbox inbox) {
        byId.put(inbox.id(), new Owned(accountId, inbox));
    }

    /** The account's inboxes, in no particular order. */
    public synchronized List<Inbox> inboxesOf(String accountId) {
        List<Inbox> owned = new ArrayList<>();
        byId.values().stream().filter(o -> o.accountId().equals(accountId)).forEach(o -> owned.add(o.inbox()));
        return owned;
    }

    /**
     * The message a send with this key accepted before, as the outbox asks: keys of sends and creates are one
     * namespace per account, as in PostgreSQL.
     *
     * @return empty when the key is new or expired at {@code now}
     * @throws IdempotencyKeyReusedException when the key came with another request (or created an inbox)
     */
    synchronized Optional<String> acceptedWith(String accountId, IdempotencyKey key, Instant now) {
        Replay first = idempotencyKeys.get(List.of(accountId, key.key()));
        if (first == null || first.expiredAt(now)) {
            return Optional.empty();
        }
        if (first.messageId() == null || !first.requestFingerprint().equals(key.requestFingerprint())) {
            throw new IdempotencyKeyReusedException();
        }
        return Optional.of(first.messageId());
    }

    /** Remembers the message a send with this key accepted. */
    synchronized void rememberAccepted(String accountId, IdempotencyKey key, String messageId, Instant at) {
        idempotencyKeys.put(List.of(accountId, key.key()), new Replay(key.requestFingerprint(), null, messageId, at));
    }

    /** Whether an inbox with this id exists in any account. */
    public synchronized boolean exists(String inboxId) {
        return byId.containsKey(inboxId);
    }

    private static boolean matches(Inbox inbox, InboxFilter filter) {
        String name = inbox.displayName() == null ? "" : inbox.displayName().toLowerCase(Locale.ROOT);
        return filter.words().stream().allMatch(word -> inbox.address().contains(word) || name.contains(word))
                && (filter.createdAfter() == null || !inbox.createdAt().isBefore(filter.createdAfter()))
                && (filter.createdBefore() == null || inbox.createdAt().isBefore(filter.createdBefore()));
    }
}
