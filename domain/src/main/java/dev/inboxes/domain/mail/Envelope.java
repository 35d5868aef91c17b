package dev.inboxes.domain.mail;

import java.util.List;

/**
 * The SMTP envelope of one received message.
 *
 * @param sender      the {@code MAIL FROM} address; empty for the null sender of a bounce
 * @param recipients  the accepted recipients, each inbox once
 * @param traceHeader the {@code Received:} header line (with its CRLF) the receiver prepends to the raw message
 */
public record Envelope(String sender, List<Recipient> recipients, String traceHeader) {

    public Envelope {
        recipients = List.copyOf(recipients);
    }
}
