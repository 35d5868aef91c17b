package dev.inboxes.domain.outbound;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The DKIM key each mail domain signs with: made at first use (RSA 2048), kept in the store, replaced by
 * {@link #rotate}. A selector names the minute it was made ({@code s202612021904}), so a rotation publishes a new record
 * beside the old one.
 */
public final class SigningKeys {

    static final int KEY_BITS = 2048;
    private static final DateTimeFormatter SELECTOR = DateTimeFormatter.ofPattern("'s'yyyyMMddHHmm")
            .withZone(ZoneOffset.UTC);

    private final SigningKeyStore store;
    private final Clock clock;

    public SigningKeys(SigningKeyStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /** The key to sign the domain's mail with now, made if the domain has none. */
    public SigningKey current(String domain) {
        return store.current(domain).orElseGet(() -> store.addIfNone(newKey(domain)));
    }

    /** A new key for the domain, used from now on; publish its record before mail signed with it arrives. */
    public SigningKey rotate(String domain) {
        SigningKey key = newKey(domain);
        store.add(key);
        return key;
    }

    private SigningKey newKey(String domain) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(KEY_BITS);
            KeyPair pair = generator.generateKeyPair();
            return new SigningKey(domain, SELECTOR.format(clock.instant()), pair.getPrivate().getEncoded(),
                    pair.getPublic().getEncoded(), clock.instant());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has RSA", e);
        }
    }
}
