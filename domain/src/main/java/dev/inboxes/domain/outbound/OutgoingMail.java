package dev.inboxes.domain.outbound;

import dev.inboxes.domain.message.NewAttachment;
import java.time.Instant;
import java.util.List;

/**
 * An outbound message as the service wrote it, before it is composed into MIME and signed. Every value is
 * checked: no CR or LF in any header value, addresses valid.
 *
 * @param fromName        the inbox's display name, or {@code null}
 * @param bcc             envelope recipients only: never written into the message
 * @param replyTo         the Reply-To address, or {@code null}
 * @param text            the plain text body, or {@code null} (then {@code html} is set)
 * @param html            the HTML body, or {@code null}
 * @param forwarded       the raw bytes of a forwarded message, attached as {@code message/rfc822}, or {@code null}
 * @param messageIdHeader the new Message-ID, with angle brackets
 * @param inReplyTo       the Message-ID this answers, or {@code null}
 * @param references      the References, oldest first (at most {@link Replies#MAX_REFERENCES})
 */
public record OutgoingMail(String from, String fromName, List<String> to, List<String> cc, List<String> bcc,
                           String replyTo, String subject, String text, String html, List<NewAttachment> attachments,
                           byte[] forwarded, String messageIdHeader, String inReplyTo, List<String> references,
                           Instant date) {

    public OutgoingMail {
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        bcc = List.copyOf(bcc);
        attachments = List.copyOf(attachments);
        references = List.copyOf(references);
    }

    /** Every envelope recipient, each once, in the order To, Cc, Bcc. */
    public List<String> recipients() {
        return java.util.stream.Stream.of(to, cc, bcc).flatMap(List::stream)
                .map(address -> address.toLowerCase(java.util.Locale.ROOT)).distinct().toList();
    }
}
