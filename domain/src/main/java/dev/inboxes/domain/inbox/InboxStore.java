package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.Optional;

/** Port: where inboxes live. Every operation is scoped to one account. */
public interface InboxStore {

    /**
     * Stores {@code candidate}, or, when {@code idempotencyKey} was seen from this account less than
     * {@link IdempotencyKey#RETENTION} before {@code candidate}'s creation time, returns the inbox that first request
     * created and stores nothing. An older key counts as new.
     *
     * @param idempotencyKey {@code null} when the caller sent none
     * @throws AddressTakenException          when the address belongs to another inbox
     * @throws IdempotencyKeyReusedException  when the key came before with a different request
     */
    CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey);

    Optional<Inbox> find(String accountId, String inboxId);

    /** @return whether an inbox was deleted */
    boolean delete(String accountId, String inboxId);

    /** One keyset slice of the account's inboxes matching {@code filter}; see {@code KeysetSource}. */
    Slice<Inbox> page(String accountId, InboxFilter filter, Keyset after, int fetchSize, boolean withTotal);

    /** Which of the account's inboxes match {@code filter}, read in one snapshot; see {@link InboxMatches}. */
    InboxMatches matches(String accountId, InboxFilter filter);

    /**
     * Deletes the first {@code max} matching inboxes in list order (newest first), and their messages, but only if
     * the matches are still exactly {@code expected}: the check and the deletion see one snapshot, so an inbox
     * created or deleted by anyone in between is never deleted unconfirmed.
     *
     * @return the deleted inboxes as matches (a subset of {@code expected}); empty when the matches differ from
     *         {@code expected} and nothing was deleted
     */
    Optional<InboxMatches> deleteMatches(String accountId, InboxFilter filter, InboxMatches expected, int max);
}
