package dev.inboxes.domain.outbound;

import java.util.List;

/**
 * The service's mail domain as a sender's DNS must describe it for receivers to trust its mail: the DKIM key every
 * outbound message is signed with, and suggested SPF and DMARC records.
 */
public final class MailDomains {

    private final SigningKeys keys;
    private final String mailDomain;

    public MailDomains(SigningKeys keys, String mailDomain) {
        this.keys = keys;
        this.mailDomain = mailDomain;
    }

    /** The domains mail is sent from (one: the service's own), each with the records to publish. */
    public List<MailDomain> list() {
        SigningKey key = keys.current(mailDomain);
        return List.of(new MailDomain(mailDomain, List.of(
                new DnsRecord("TXT", key.dnsName(), key.dnsRecord(), "DKIM: the public key of the signature on every "
                        + "outbound message (selector " + key.selector() + ")."),
                new DnsRecord("TXT", mailDomain, "v=spf1 mx ~all", "SPF, a suggestion: add the relay's own mechanism "
                        + "(its include:, or the addresses it sends from) before ~all."),
                new DnsRecord("TXT", "_dmarc." + mailDomain, "v=DMARC1; p=none; adkim=r; aspf=r", "DMARC, a "
                        + "start: p=none reports without refusing; raise it to quarantine once mail verifies."))));
    }

    /** A domain mail is sent from, and what its DNS must publish. */
    public record MailDomain(String domain, List<DnsRecord> records) {

        public MailDomain {
            records = List.copyOf(records);
        }
    }

    /**
     * One record to publish.
     *
     * @param purpose what it is for, in a sentence
     */
    public record DnsRecord(String type, String name, String value, String purpose) {
    }
}
