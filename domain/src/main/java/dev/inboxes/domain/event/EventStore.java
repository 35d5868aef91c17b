package dev.inboxes.domain.event;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The event log (port). Events are written by the store itself with the change they describe, in its transaction;
 * this port reads them, and deletes them after their retention.
 */
public interface EventStore {

    /** The account's events matching {@code filter}, newest first, with the contract of a keyset source. */
    Slice<Event> page(String accountId, EventFilter filter, Keyset after, int fetchSize, boolean withTotal);

    /**
     * The account's events after {@code position} in stream order, oldest first, at most {@code max}, among those of
     * transactions that have all ended. {@link Batch#heldBack()} says that newer events exist that a transaction
     * still running may yet precede: read again shortly.
     */
    Batch after(String accountId, EventFilter filter, StreamPosition position, int max);

    /** Where an event of the account sits in the stream; empty when the account has no such event (any more). */
    Optional<StreamPosition> positionOf(String accountId, String eventId);

    /** The position from which a stream starting now sees every event not yet committed. */
    StreamPosition now();

    /**
     * Deletes up to {@code max} events created before {@code before}, oldest first, with their webhook deliveries.
     *
     * @return how many were deleted
     */
    int deleteBefore(Instant before, int max);

    /**
     * @param events   in stream order; {@code position} is after the last of them, or where the read started
     * @param heldBack events after {@code position} exist that are not final yet
     */
    record Batch(List<Event> events, StreamPosition position, boolean heldBack) {
    }
}
