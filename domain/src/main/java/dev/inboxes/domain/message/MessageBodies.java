package dev.inboxes.domain.message;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.InvalidCursorException;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.InvalidArgumentException;
import java.time.Instant;

/**
 * Reads a message's text in parts that fit a surface's budget, as lists read in pages: each part comes with a
 * signed {@code body_cursor} (the cursor keys of every list, so they rotate together) bound to the account and the
 * message, and the next part starts exactly where the previous one ended. A part ends, when it can, after a
 * paragraph, else after a line, else after a space, within {@value #BOUNDARY_WINDOW} characters of the budget; never
 * inside a surrogate pair.
 */
public final class MessageBodies {

    /** How far before the budget's end a part looks for a paragraph, line or word end to stop at. */
    static final int BOUNDARY_WINDOW = 2_000;

    private static final String START_AGAIN = " Omit body_cursor to read the text from its start.";

    private final MessageService messages;
    private final CursorCodec cursors;

    public MessageBodies(MessageService messages, CursorCodec cursors) {
        this.messages = messages;
        this.cursors = cursors;
    }

    /**
     * The message, and where its text continues: at {@code 0} without a body cursor (null or blank), else where the
     * part that returned the cursor ended.
     *
     * @param quotes whether to read the quoted history too; without it the text is read as {@link QuotedHistory}
     *               leaves it, and a cursor of one way of reading does not continue the other
     *
     * @throws InvalidArgumentException when the cursor is damaged or belongs to another message or account
     * @throws dev.inboxes.domain.shared.NotFoundException when the inbox or the message is not in the account
     */
    public BodyRead read(String accountId, String inboxId, String messageId, String bodyCursor, boolean quotes) {
        if (bodyCursor == null || bodyCursor.isBlank()) {
            MessageDetail message = messages.get(accountId, inboxId, messageId);
            return new BodyRead(accountId, message, 0, quotes, view(message, quotes));
        }
        Keyset position = decode(bodyCursor.strip(), scope(accountId, inboxId, messageId, quotes));
        MessageDetail message = messages.get(accountId, inboxId, messageId);
        QuotedHistory.Stripped view = view(message, quotes);
        int dot = position.id().indexOf('.');
        int start = Integer.parseInt(position.id().substring(0, dot));
        int length = Integer.parseInt(position.id().substring(dot + 1));
        if (length != view.text().length() || start > length) {
            throw new InvalidArgumentException("body_cursor", "This body_cursor does not fit the message's text."
                    + START_AGAIN);
        }
        return new BodyRead(accountId, message, start, quotes, view);
    }

    private static QuotedHistory.Stripped view(MessageDetail message, boolean quotes) {
        return quotes ? new QuotedHistory.Stripped(message.text(), 0, 0) : QuotedHistory.strip(message.text());
    }

    /**
     * The part of the text that starts where {@code read} continues and holds at most {@code maxLength}
     * characters (a part with more to come holds at least one character, so a reader always advances).
     */
    public BodyPart part(BodyRead read, int maxLength) {
        String text = read.text();
        int end = end(text, read.start(), maxLength);
        Message row = read.message().row();
        String next = end < text.length() ? cursors.encode(new Keyset(Instant.EPOCH, end + "." + text.length()),
                scope(read.accountId(), row.inboxId(), row.id(), read.quotes())) : null;
        return new BodyPart(text.substring(read.start(), end), read.start(), end, text.length(), next);
    }

    /**
     * Where a part starting at {@code start} ends: the text's end when the rest fits; otherwise after the last
     * paragraph break, line break or whitespace within {@value #BOUNDARY_WINDOW} characters (and a quarter of the
     * part) of the budget, else at the budget, moved back one character rather than between a surrogate pair.
     */
    static int end(String text, int start, int maxLength) {
        if (maxLength < 1) {
            throw new IllegalArgumentException("a part holds at least one character");
        }
        if (text.length() - start <= maxLength) {
            return text.length();
        }
        int hard = start + maxLength;
        if (Character.isLowSurrogate(text.charAt(hard)) && Character.isHighSurrogate(text.charAt(hard - 1))) {
            hard--;
        }
        if (hard == start) { // a budget of one character, and a pair there: the pair, or no progress at all
            return start + Character.charCount(text.codePointAt(start));
        }
        int floor = Math.max(start, hard - Math.min(BOUNDARY_WINDOW, maxLength / 4));
        int paragraph = text.lastIndexOf("\n\n", hard - 2);
        if (paragraph >= floor) {
            return paragraph + 2;
        }
        int line = text.lastIndexOf('\n', hard - 1);
        if (line >= floor) {
            return line + 1;
        }
        for (int i = hard - 1; i >= floor; i--) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i + 1;
            }
        }
        return hard;
    }

    private Keyset decode(String token, QueryScope scope) {
        try {
            return cursors.decode(token, scope);
        } catch (CursorMismatchException e) {
            throw new InvalidArgumentException("body_cursor", "This body_cursor belongs to another message, another "
                    + "account or another quotes setting: pass the body_cursor that the previous part of this message "
                    + "returned, with the same quotes." + START_AGAIN);
        } catch (InvalidCursorException e) {
            throw new InvalidArgumentException("body_cursor", "The body_cursor is malformed or was altered: pass it "
                    + "exactly as the previous part returned it." + START_AGAIN);
        }
    }

    /** A body cursor belongs to its account, its message and the way it is read (with quotes or without). */
    private static QueryScope scope(String accountId, String inboxId, String messageId, boolean quotes) {
        return new QueryScope("message-body:" + inboxId + "/" + messageId, accountId, quotes ? "" : "quotes=false");
    }
}
