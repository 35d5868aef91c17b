package dev.inboxes.domain.wait;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Port: the messages of an inbox in the order they arrived. Every stored message takes the next number of its
 * inbox's arrival sequence in the transaction that stores it, and deliveries to one inbox are serialized until they
 * commit, so the sequence is the commit order on every replica. Each commit is announced to every replica
 * ({@link WaitService#arrived}).
 */
public interface ArrivalStore {

    /** The inbox's latest sequence number, or empty when the inbox does not exist. */
    OptionalLong current(String inboxId);

    /**
     * At most {@code limit} messages with a sequence number above {@code afterSeq} (and, when {@code receivedAfter}
     * is set, received after it), in sequence order, with the inbox's latest number, in one snapshot; empty when the
     * inbox does not exist.
     */
    Optional<Arrivals> after(String inboxId, long afterSeq, Instant receivedAfter, int limit);
}
