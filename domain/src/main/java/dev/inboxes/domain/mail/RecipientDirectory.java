package dev.inboxes.domain.mail;

import java.util.Optional;

/** Port: which inbox owns an address. An address belongs to at most one inbox, across all accounts. */
public interface RecipientDirectory {

    /** @param address lower case, as inbox addresses are stored */
    Optional<Recipient> findByAddress(String address);
}
