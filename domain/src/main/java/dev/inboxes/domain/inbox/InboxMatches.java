package dev.inboxes.domain.inbox;

/**
 * Which inboxes match a filter, in 16 bytes: how many, and a fingerprint of their ids. The fingerprint is the
 * XOR of a 64-bit hash of each id (the store chooses the hash), so it does not depend on order, any added or
 * removed match changes it, and removing a known part of the set is an XOR too ({@link #without}).
 */
public record InboxMatches(long count, long fingerprint) {

    public static final InboxMatches NONE = new InboxMatches(0, 0);

    /** The matches that remain when {@code part}, a subset of these, is removed. */
    public InboxMatches without(InboxMatches part) {
        return new InboxMatches(count - part.count, fingerprint ^ part.fingerprint);
    }

    /** These matches plus one more id of the given hash: for stores that fold their rows one by one. */
    public InboxMatches with(long idHash) {
        return new InboxMatches(count + 1, fingerprint ^ idHash);
    }
}
