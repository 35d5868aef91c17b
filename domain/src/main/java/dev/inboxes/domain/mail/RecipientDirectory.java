package dev.inboxes.domain.mail;

import java.util.Optional;

/**
 * Port: which inbox owns an address. An address belongs to at most one inbox, across all accounts. Answers may
 * come from a short-lived cache of recent answers; {@link #forget} drops one when it turned out stale.
 */
public interface RecipientDirectory {

    /** @param address lower case, as inbox addresses are stored */
    Optional<Recipient> findByAddress(String address);

    /** Drops any remembered answer for the address, so the next lookup asks the store. */
    void forget(String address);
}
