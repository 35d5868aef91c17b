package dev.inboxes.domain.thread;

import dev.inboxes.domain.message.Direction;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * A message of a thread with the beginning of its text, for readers that show a conversation at once.
 *
 * @param text    at most the number of characters (code points) asked for, never ending inside a surrogate pair
 * @param textCut whether {@code text} is only the beginning of the message's text
 */
public record ThreadMessage(Message message, String text, boolean textCut) implements Keyed {

    /** As list queries build rows: the message's list columns, then the text's beginning. */
    public ThreadMessage(String id, String inboxId, String from, String to, String subject, String preview,
            Instant receivedAt, String threadId, boolean hasAttachments, Direction direction, String text,
            boolean textCut) {
        this(new Message(id, inboxId, from, to, subject, preview, receivedAt, threadId, hasAttachments, direction),
                text, textCut);
    }

    /** As list queries build rows, with whether the sender was verified at receipt. */
    public ThreadMessage(String id, String inboxId, String from, String to, String subject, String preview,
            Instant receivedAt, String threadId, boolean hasAttachments, Direction direction, boolean senderVerified,
            String text, boolean textCut) {
        this(new Message(id, inboxId, from, to, subject, preview, receivedAt, threadId, hasAttachments, direction,
                senderVerified), text, textCut);
    }

    /** The first {@code characters} code points of {@code text}, as stores cut it. */
    public static String beginning(String text, int characters) {
        int length = text.codePointCount(0, text.length());
        return length <= characters ? text : text.substring(0, text.offsetByCodePoints(0, characters));
    }

    @Override
    public Keyset keyset() {
        return message.keyset();
    }
}
