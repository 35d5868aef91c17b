package dev.inboxes.domain.message;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * A message as a list shows it: a row, never the body.
 *
 * @param from           the sender's address
 * @param to             the recipients of the To header, as an RFC 5322 address list (for a recorded message, the
 *                       address given or the inbox's own)
 * @param preview        at most the first {@value MessageContent#PREVIEW_LENGTH} characters of the text
 * @param receivedAt     microsecond precision, the primary sort key of the list
 * @param threadId       the thread the message belongs to ({@code thr_…})
 * @param hasAttachments whether the message has at least one attachment
 * @param direction      received into the inbox, or sent from it (its {@code receivedAt} is when it was accepted)
 * @param senderVerified whether the {@code From:} domain vouched for the message when it was received
 *                       ({@link Authentication#senderVerified()}); {@code false} for mail not received over SMTP
 */
public record Message(String id, String inboxId, String from, String to, String subject, String preview,
                      Instant receivedAt, String threadId, boolean hasAttachments, Direction direction,
                      boolean senderVerified)
        implements Keyed {

    /** A row of a message nobody vouched for. */
    public Message(String id, String inboxId, String from, String to, String subject, String preview,
            Instant receivedAt, String threadId, boolean hasAttachments, Direction direction) {
        this(id, inboxId, from, to, subject, preview, receivedAt, threadId, hasAttachments, direction, false);
    }

    public static final String ID_PREFIX = "msg_";
    public static final String THREAD_ID_PREFIX = "thr_";

    @Override
    public Keyset keyset() {
        return new Keyset(receivedAt, id);
    }
}
