package dev.inboxes.mcp.message;

import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.FilePart;
import dev.inboxes.domain.message.FileRead;
import dev.inboxes.domain.message.MessageFiles;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.Draft;
import dev.inboxes.mcp.respond.ExternalContent;
import io.quarkiverse.mcp.server.ResourceResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.IntFunction;

/**
 * Builds the resources of {@link MessageResources} within the {@link AgentBudget}: a part of a text holds as much as
 * fits beside its frame (what it is, the marking of the sender's content, where the next part is); the domain ends
 * it where the next part starts, so shortening a part loses nothing. Bytes are read in bounded slices, never whole.
 */
@ApplicationScoped
public class AgentFileReader {

    /** The most bytes of an attachment one blob read returns; larger ones are downloaded from the REST API. */
    static final int BLOB_BYTES = 1_048_576;
    /** Longer than any offset a part can start at: the digits of a byte number. */
    private static final int MAX_OFFSET_DIGITS = 9;

    private final MessageFiles files;
    private final AgentBudget budget;
    private final AgentResponder responder;

    @Inject
    public AgentFileReader(MessageFiles files, AgentBudget budget, AgentResponder responder) {
        this.files = files;
        this.budget = budget;
        this.responder = responder;
    }

    ResourceResponse raw(String accountId, String inboxId, String messageId, String offset, String uri) {
        FileRead read = files.raw(accountId, inboxId, messageId, offset(offset));
        return part(uri, "Message " + messageId + " in inbox " + inboxId + " as received (RFC 5322), read as UTF-8 "
                + "text", "", read, next -> MessageResources.rawUri(inboxId, messageId) + "/from/" + next);
    }

    /** @param offset the part's first byte, or {@code null} for the attachment's first read */
    ResourceResponse attachment(String accountId, String inboxId, String messageId, String attachmentId,
            String offset, String uri) {
        String at = MessageResources.attachmentUri(inboxId, messageId, attachmentId);
        String opening = "Attachment " + attachmentId + " of message " + messageId + " in inbox " + inboxId;
        if (offset == null) {
            Attachment described = files.attachment(accountId, inboxId, messageId, attachmentId, 0, 0).attachment();
            if (!MessageFiles.isText(described.contentType())) {
                return responder.read(uri, new Draft(null, opening + ".\n" + ExternalContent.mark(file(described)),
                        "It is not text, so its bytes are not shown: read " + at + MessageResources.BLOB + " for "
                                + "them (base64, up to " + BLOB_BYTES + " bytes), or download them with the API key: "
                                + rest(inboxId, messageId, attachmentId) + ".", 0));
            }
        }
        FileRead read = files.attachmentText(accountId, inboxId, messageId, attachmentId, offset(offset));
        if (!MessageFiles.isText(read.attachment().contentType())) {
            throw new InvalidArgumentException("offset", "Attachment " + attachmentId + " is not text ("
                    + AgentMessageReader.header(read.attachment().contentType()) + "): read " + at
                    + MessageResources.BLOB + " for its bytes, or " + at + " for its description.");
        }
        return part(uri, opening + ", read as UTF-8 text", file(read.attachment()) + "\n", read,
                next -> at + "/from/" + next);
    }

    ResourceResponse blob(String accountId, String inboxId, String messageId, String attachmentId, String uri) {
        int size = files.attachment(accountId, inboxId, messageId, attachmentId, 0, 0).slice().length();
        if (size > BLOB_BYTES) {
            throw new InvalidArgumentException("attachment_id", "Attachment " + attachmentId + " has " + size
                    + " bytes, more than the " + BLOB_BYTES + " a resource read returns. Download it with the API "
                    + "key: " + rest(inboxId, messageId, attachmentId) + ".");
        }
        AttachmentSlice whole = files.attachment(accountId, inboxId, messageId, attachmentId, 0, BLOB_BYTES);
        return responder.blob(uri, whole.slice().bytes(), AgentMessageReader.header(whole.attachment().contentType()));
    }

    private ResourceResponse part(String uri, String opening, String file, FileRead read, IntFunction<String> next) {
        FilePart empty = new FilePart("", read.start(), read.start(), read.length());
        // The next URI of the highest offset is the longest: the frame never outgrows the room set aside for it.
        Draft fixed = draft(opening, file, empty, next.apply(read.length()));
        int fitting = budget.prefixFitting(read.text(), fixed.text() + fixed.summary());
        return responder.read(uri, responder.fit(Math.max(1, fitting), 1, 1, length -> {
            FilePart part = files.part(read, length);
            return draft(opening, file, part, part.hasMore() ? next.apply(part.end()) : null);
        }));
    }

    /** @param nextUri where the next part is, or {@code null} when this part is the last */
    private Draft draft(String opening, String file, FilePart part, String nextUri) {
        String text = opening + ".\n" + ExternalContent.mark(file + "Bytes " + part.start() + " to " + part.end()
                + " of " + part.length() + ":\n" + part.text());
        String summary;
        if (nextUri != null) {
            summary = "Bytes " + part.start() + " to " + part.end() + " of " + part.length() + " (a read stays "
                    + "within " + budget.describe() + "); the next part: " + nextUri + " (the parts join to the whole).";
        } else {
            summary = part.start() == 0 ? "The whole file (" + part.length() + " bytes); this is the end."
                    : "Bytes " + part.start() + " to " + part.end() + " of " + part.length() + "; this is the end.";
        }
        return new Draft(null, text, summary, part.text().length());
    }

    private static String file(Attachment attachment) {
        return "File: " + (attachment.filename() == null ? "(no name)" : AgentMessageReader.header(attachment.filename()))
                + " (" + AgentMessageReader.header(attachment.contentType()) + ", " + attachment.size() + " bytes"
                + (attachment.inline() ? ", inline" : "") + ")";
    }

    private static String rest(String inboxId, String messageId, String attachmentId) {
        return "GET /v1/inboxes/" + inboxId + "/messages/" + messageId + "/attachments/" + attachmentId;
    }

    /** A part's first byte as its URI names it; anything but digits is refused, saying where parts start. */
    private static int offset(String offset) {
        if (offset == null) {
            return 0;
        }
        if (offset.isEmpty() || offset.length() > MAX_OFFSET_DIGITS || !offset.chars().allMatch(c -> c >= '0'
                && c <= '9')) {
            throw new InvalidArgumentException("offset", "A part's offset is the byte it starts at, in digits, as the "
                    + "previous part names it (got " + Text.quote(offset) + "). Read the URI without /from/… for the "
                    + "first part.");
        }
        return Integer.parseInt(offset);
    }
}
