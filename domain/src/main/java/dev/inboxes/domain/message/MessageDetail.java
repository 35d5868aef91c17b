package dev.inboxes.domain.message;

import java.time.Instant;
import java.util.List;

/**
 * A whole message: its list row and everything parsed from it. The raw bytes and the attachments' bytes are
 * read separately, so a whole message stays as small as its text.
 *
 * @param extracts the codes and links found when the message was stored
 * @param authentication the results of its checks at receipt, or {@code null} for mail not received over SMTP
 * @see MessageContent for the fields' meaning
 */
public record MessageDetail(Message row, String fromName, String cc, String replyTo, Instant sentAt,
                            String messageIdHeader, String inReplyTo, List<String> references, String text, String html,
                            List<Attachment> attachments, MessageExtracts extracts,
                            Authentication authentication) {

    public MessageDetail {
        references = List.copyOf(references);
        attachments = List.copyOf(attachments);
    }

    /** A whole message that was not checked at receipt. */
    public MessageDetail(Message row, String fromName, String cc, String replyTo, Instant sentAt,
            String messageIdHeader, String inReplyTo, List<String> references, String text, String html,
            List<Attachment> attachments, MessageExtracts extracts) {
        this(row, fromName, cc, replyTo, sentAt, messageIdHeader, inReplyTo, references, text, html, attachments,
                extracts, null);
    }
}
