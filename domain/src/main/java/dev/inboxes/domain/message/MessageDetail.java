package dev.inboxes.domain.message;

import java.time.Instant;
import java.util.List;

/**
 * A whole message: its list row and everything parsed from it. The raw bytes and the attachments' bytes are
 * read separately, so a whole message stays as small as its text.
 *
 * @param extracts the codes and links found when the message was stored
 * @see MessageContent for the fields' meaning
 */
public record MessageDetail(Message row, String fromName, String cc, String replyTo, Instant sentAt,
                            String messageIdHeader, String inReplyTo, List<String> references, String text, String html,
                            List<Attachment> attachments, MessageExtracts extracts) {

    public MessageDetail {
        references = List.copyOf(references);
        attachments = List.copyOf(attachments);
    }
}
