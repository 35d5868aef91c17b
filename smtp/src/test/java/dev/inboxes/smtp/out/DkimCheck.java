package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.SigningKey;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.apache.james.jdkim.DKIMVerifier;
import org.apache.james.jdkim.api.SignatureRecord;
import org.apache.james.jdkim.exceptions.FailException;
import org.apache.james.jdkim.exceptions.PermFailException;

/**
 * Verifies DKIM signatures with jDKIM's verifier, which parses the message itself; the only stand-in is DNS: the
 * key's TXT record is answered for its name, and any other name has none.
 */
public final class DkimCheck {

    private DkimCheck() {
    }

    /** The verified signatures; throws when no signature verifies. */
    public static List<SignatureRecord> verify(byte[] message, SigningKey key) throws Exception {
        DKIMVerifier verifier = new DKIMVerifier((method, selector, domain) -> {
            if ((selector + "._domainkey." + domain).equalsIgnoreCase(key.dnsName())) {
                return List.of(key.dnsRecord());
            }
            throw new PermFailException("no key at " + selector + "._domainkey." + domain);
        });
        List<SignatureRecord> verified = verifier.verify(new ByteArrayInputStream(message));
        if (verified == null || verified.isEmpty()) {
            throw new FailException("no DKIM signature verified: " + verifier.getResults());
        }
        return verified;
    }

    public static boolean verifies(byte[] message, SigningKey key) {
        try {
            verify(message, key);
            return true;
        } catch (Exception failed) {
            return false;
        }
    }
}
