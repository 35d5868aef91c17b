package dev.inboxes.domain.outbound;

/**
 * Hands a signed message to the next hop for one recipient (port: the relay client, the MX client, the local
 * inbox). It never throws for what the network does: every outcome is a {@link TransportReply}.
 */
public interface MailTransport {

    TransportReply send(String envelopeSender, String recipient, byte[] raw);
}
