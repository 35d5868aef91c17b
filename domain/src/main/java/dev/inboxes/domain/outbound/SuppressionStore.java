package dev.inboxes.domain.outbound;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.util.Collection;
import java.util.Set;

/** Port: each account's suppressed addresses, every address lower case ({@link Suppression#normalize}). */
public interface SuppressionStore {

    /** Suppresses the address for the account; an address already suppressed keeps its first reason and time. */
    void add(String accountId, Suppression suppression);

    /** Which of {@code addresses} (lower case) the account has suppressed. */
    Set<String> suppressedAmong(String accountId, Collection<String> addresses);

    /**
     * One keyset slice of the account's suppressions, newest first ({@code created_at} descending, ties by address
     * descending in byte order); see {@code KeysetSource}.
     */
    Slice<Suppression> page(String accountId, Keyset after, int fetchSize, boolean withTotal);

    /** @return whether the account had the address (lower case) suppressed */
    boolean delete(String accountId, String address);
}
