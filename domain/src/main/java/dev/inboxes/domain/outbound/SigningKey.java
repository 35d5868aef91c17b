package dev.inboxes.domain.outbound;

import java.time.Instant;
import java.util.Base64;

/**
 * A DKIM key of a mail domain. The private key never leaves the store and the signer; it is never logged.
 *
 * @param selector        the DNS label under {@code _domainkey} that publishes the public key
 * @param privateKeyPkcs8 the RSA private key, PKCS #8 DER
 * @param publicKeyX509   the RSA public key, X.509 SubjectPublicKeyInfo DER (what the DNS record carries)
 */
public record SigningKey(String domain, String selector, byte[] privateKeyPkcs8, byte[] publicKeyX509,
                         Instant createdAt) {

    /** The TXT record to publish at {@code <selector>._domainkey.<domain>}. */
    public String dnsRecord() {
        return "v=DKIM1; k=rsa; p=" + Base64.getEncoder().encodeToString(publicKeyX509);
    }

    /** The name of that record. */
    public String dnsName() {
        return selector + "._domainkey." + domain;
    }

    @Override
    public String toString() {
        return "SigningKey[" + dnsName() + "]"; // never the private key
    }
}
