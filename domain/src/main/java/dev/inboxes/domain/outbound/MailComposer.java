package dev.inboxes.domain.outbound;

/** Writes an outgoing mail as the signed RFC 5322 bytes that go on the wire (port: MIME and DKIM). */
public interface MailComposer {

    byte[] compose(OutgoingMail mail);
}
