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
}
