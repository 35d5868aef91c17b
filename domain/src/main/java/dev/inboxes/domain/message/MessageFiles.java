package dev.inboxes.domain.message;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a message's stored bytes (the message as received, its attachments) in bounded slices, never whole: as text
 * in parts that fit a surface's budget, as {@link MessageBodies} reads the body, or as bytes up to a bound. A part is
 * addressed by the byte it starts at, so any part can be read again; the next part starts at the previous one's
 * {@code end}, and a part ends, when it can, after a paragraph, a line or a space ({@link MessageBodies#end}). Text
 * is decoded as UTF-8 (the stored type has no charset; a byte that is no UTF-8 reads as U+FFFD).
 */
public final class MessageFiles {

    /** The most bytes one text read asks of the store: more than any budget's part of characters needs. */
    public static final int WINDOW = 65_536;

    private static final Set<String> TEXT_TYPES = Set.of("application/json", "application/xml", "application/csv",
            "application/javascript", "application/ecmascript", "application/x-ndjson", "application/yaml",
            "application/x-yaml", "application/toml", "application/sql", "application/x-sh", "application/mbox",
            "application/pgp-signature", "application/pgp-keys", "application/x-www-form-urlencoded");

    private final MessageService messages;
    private final MessageStore store;

    public MessageFiles(MessageService messages, MessageStore store) {
        this.messages = messages;
        this.store = store;
    }

    /** Whether a content type is text an agent can read (text/*, message/*, JSON, XML, CSV, YAML…). */
    public static boolean isText(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT).split(";", 2)[0].strip();
        return type.startsWith("text/") || type.startsWith("message/") || TEXT_TYPES.contains(type)
                || type.endsWith("+json") || type.endsWith("+xml") || type.endsWith("+yaml");
    }

    /**
     * The message as received, as text from byte {@code start} on.
     *
     * @throws NotFoundException when the inbox or the message is not in the account
     * @throws InvalidArgumentException when {@code start} is not a byte of the message
     */
    public FileRead raw(String accountId, String inboxId, String messageId, int start) {
        ByteSlice slice = owned(messageId) ? store.rawSlice(accountId, inboxId, messageId, Math.max(0, start), WINDOW)
                .orElse(null) : null;
        if (slice == null) {
            messages.get(accountId, inboxId, messageId); // the inbox's or the message's own not found
            throw new IllegalStateException("a message found has its raw bytes");
        }
        return decoded(null, slice, start, "The message as received");
    }

    /**
     * An attachment's description and, from byte {@code start} on, at most {@code maxBytes} of its bytes (none for a
     * description alone).
     *
     * @throws NotFoundException when the inbox, the message or the attachment is not in the account
     */
    public AttachmentSlice attachment(String accountId, String inboxId, String messageId, String attachmentId,
            int start, int maxBytes) {
        if (owned(messageId) && RandomIds.hasShape(Attachment.ID_PREFIX, attachmentId)) {
            var found = store.attachmentSlice(accountId, inboxId, messageId, attachmentId, Math.max(0, start),
                    maxBytes);
            if (found.isPresent()) {
                return found.get();
            }
        }
        messages.get(accountId, inboxId, messageId); // the message's own not found, when it is the message missing
        throw new NotFoundException("attachment", attachmentId, "get the message to see its attachments' ids");
    }

    /** An attachment as text from byte {@code start} on (whatever its type: the caller decides what is text). */
    public FileRead attachmentText(String accountId, String inboxId, String messageId, String attachmentId,
            int start) {
        AttachmentSlice found = attachment(accountId, inboxId, messageId, attachmentId, start, WINDOW);
        return decoded(found.attachment(), found.slice(), start, "The attachment");
    }

    /**
     * The part that starts where {@code read} starts and holds at most {@code maxLength} characters (a part with
     * more to come holds at least one character, so a reader always advances).
     */
    public FilePart part(FileRead read, int maxLength) {
        String text = read.text();
        if (text.isEmpty()) {
            return new FilePart("", read.start(), Math.min(read.start(), read.length()), read.length());
        }
        int end = MessageBodies.end(text, 0, maxLength);
        return new FilePart(text.substring(0, end), read.start(), read.ends()[end - 1], read.length());
    }

    private static boolean owned(String messageId) {
        return RandomIds.hasShape(Message.ID_PREFIX, messageId);
    }

    private static FileRead decoded(Attachment attachment, ByteSlice slice, int start, String what) {
        if (start < 0 || start > 0 && start >= slice.length()) {
            throw new InvalidArgumentException("offset", what + " has " + slice.length() + " bytes: a part starts "
                    + "at a byte from 0 to " + Math.max(0, slice.length() - 1) + ". Read the first part, then each "
                    + "next part as the previous one names it.");
        }
        return decode(attachment, slice);
    }

    /**
     * Decodes whole characters, one at a time, to know where each ends: a character cut by the slice's end is left
     * for the next part, unless the slice ends the content.
     */
    static FileRead decode(Attachment attachment, ByteSlice slice) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        ByteBuffer in = ByteBuffer.wrap(slice.bytes());
        boolean last = slice.end() >= slice.length();
        CharBuffer out = CharBuffer.allocate(2);
        StringBuilder text = new StringBuilder(slice.bytes().length);
        int[] ends = new int[slice.bytes().length];
        while (true) {
            out.clear().limit(1);
            CoderResult result = decoder.decode(in, out, last);
            if (out.position() == 0 && result.isOverflow()) { // a surrogate pair needs both chars at once
                out.limit(2);
                decoder.decode(in, out, last);
            }
            if (out.position() == 0) {
                break;
            }
            for (int i = 0; i < out.position(); i++) {
                ends[text.length()] = slice.start() + in.position();
                text.append(out.get(i));
            }
        }
        return new FileRead(attachment, slice.start(), slice.length(), text.toString(),
                Arrays.copyOf(ends, text.length()));
    }
}
