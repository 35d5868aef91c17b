package dev.inboxes.domain.outbound;

import java.util.Optional;

/** Where the DKIM keys of the mail domains are kept, so that every replica signs with the same one (port). */
public interface SigningKeyStore {

    /** The domain's newest key. */
    Optional<SigningKey> current(String domain);

    /**
     * Adds the key unless the domain has one already (another replica may have made one first).
     *
     * @return the domain's current key: this one, or the one that was there
     */
    SigningKey addIfNone(SigningKey key);

    /** Adds the key as the domain's newest: signing uses it from now on (a rotation). */
    void add(SigningKey key);
}
