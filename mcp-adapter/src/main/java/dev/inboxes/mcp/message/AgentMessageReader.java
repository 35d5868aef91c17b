package dev.inboxes.mcp.message;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.message.Attachment;
import dev.inboxes.domain.message.BodyPart;
import dev.inboxes.domain.message.BodyRead;
import dev.inboxes.domain.message.QuotedHistory;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageBodies;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageExtracts;
import dev.inboxes.domain.message.MessageLink;
import dev.inboxes.mcp.respond.ExternalContent;
import dev.inboxes.mcp.respond.AgentBudget;
import dev.inboxes.mcp.respond.AgentResponder;
import dev.inboxes.mcp.respond.Draft;
import dev.inboxes.mcp.respond.SenderVerdict;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@code get_message}'s result within the {@link AgentBudget}: the headers (each cut to
 * {@value #HEADER_LENGTH} characters, at most {@value #ATTACHMENTS_SHOWN} attachments, each linked as the resource
 * that reads it, as the raw message is; links up to {@value #LINKS_LENGTH} characters), and as much of the text as
 * fits beside them, both in the text blocks and in
 * the structured content (whose JSON escapes may be longer than the text). The text's part is asked of the domain,
 * which ends it where the next part's cursor starts, so shortening a part loses nothing.
 */
@ApplicationScoped
public class AgentMessageReader {

    /** The most characters of one header an agent sees (a To list of a mass mailing can be far longer). */
    static final int HEADER_LENGTH = 500;
    /** The most attachments described; attachment_count says how many there are. */
    static final int ATTACHMENTS_SHOWN = 10;
    /** The most characters of link texts and addresses together. */
    static final int LINKS_LENGTH = 3_000;
    private static final String CUT = "…";
    /** Longer than any body cursor: the room a part's summary needs for it. */
    private static final int MAX_CURSOR_LENGTH = 160;

    private final MessageBodies bodies;
    private final AgentBudget budget;
    private final AgentResponder responder;
    private final ObjectMapper mapper;

    @Inject
    public AgentMessageReader(MessageBodies bodies, AgentBudget budget, AgentResponder responder, ObjectMapper mapper) {
        this.bodies = bodies;
        this.budget = budget;
        this.responder = responder;
        this.mapper = mapper;
    }

    /** @param quotes whether the text keeps its quoted history ({@link QuotedHistory}) */
    public ToolResponse read(String accountId, String inboxId, String messageId, String bodyCursor, boolean quotes) {
        BodyRead read = bodies.read(accountId, inboxId, messageId, bodyCursor, quotes);
        MessageDetail message = read.message();
        MessageExtracts extracts = read.start() == 0 ? message.extracts() : null;
        Integer leftOut = read.view().droppedLines() == 0 ? null : read.view().droppedLines();
        String rest = read.text().substring(read.start());
        BodyPart empty = new BodyPart("", read.start(), read.start(), read.text().length(),
                read.start() < read.text().length() ? "x".repeat(MAX_CURSOR_LENGTH) : null);
        Draft fixed = draft(message, extracts, empty, leftOut);
        // The domain ends each part where the next part's cursor starts, so a shorter part loses nothing.
        return responder.respond(responder.fit(Math.max(1, budget.prefixFitting(rest, fixed.text() + fixed.summary())),
                1, 1, length -> draft(message, extracts, bodies.part(read, length), leftOut)));
    }

    private Draft draft(MessageDetail message, MessageExtracts extracts, BodyPart part, Integer quotedLinesLeftOut) {
        AgentMessageDetail structured = structured(message, extracts, part, quotedLinesLeftOut);
        String text = SenderVerdict.line(message) + "\n" + MessageReadText.of(structured, message.attachments().size());
        String summary = MessageReadText.summary(structured, budget.describe());
        Draft draft = new Draft(structured, text, summary, part.text().length(), json(structured).length());
        structured.attachments().forEach(attachment -> draft.link(attachment.uri(), attachment.filename() == null
                ? attachment.id() : attachment.filename(), attachment.contentType(), attachment.size()));
        return draft.link(MessageResources.rawUri(structured.inboxId(), structured.id()), structured.id() + ".eml",
                "message/rfc822", null);
    }

    static AgentMessageDetail structured(MessageDetail message, MessageExtracts extracts, BodyPart part,
            Integer quotedLinesLeftOut) {
        Message row = message.row();
        List<AgentMessageDetail.Attachment> attachments = message.attachments().stream().limit(ATTACHMENTS_SHOWN)
                .map(attachment -> attachment(row, attachment)).toList();
        return new AgentMessageDetail(row.id(), row.inboxId(), row.threadId(), header(row.from()),
                row.senderVerified(), message.authentication() == null ? "unchecked"
                        : message.authentication().verdict(), header(message.fromName()), header(row.to()), header(message.cc()), header(message.replyTo()),
                header(row.subject()), message.sentAt(), row.receivedAt(), header(message.inReplyTo()),
                message.attachments().size(), attachments, extracts == null ? null : codes(extracts),
                extracts == null ? null : links(extracts),
                new AgentMessageDetail.Body(ExternalContent.ORIGIN, ExternalContent.NOTICE, part.text(), part.start(),
                        part.end(), part.length(), quotedLinesLeftOut), part.hasMore(), part.nextCursor());
    }

    private static AgentMessageDetail.Attachment attachment(Message row, Attachment attachment) {
        return new AgentMessageDetail.Attachment(attachment.id(), header(attachment.filename()),
                header(attachment.contentType()), attachment.size(), attachment.inline(),
                MessageResources.attachmentUri(row.inboxId(), row.id(), attachment.id()));
    }

    private static List<AgentMessageDetail.Code> codes(MessageExtracts extracts) {
        return extracts.codes().stream().map(code -> new AgentMessageDetail.Code(code.code(), code.source(),
                header(code.context()))).toList();
    }

    private static List<AgentMessageDetail.Link> links(MessageExtracts extracts) {
        List<AgentMessageDetail.Link> links = new ArrayList<>();
        int length = 0;
        for (MessageLink link : extracts.links()) {
            length += link.text().length() + link.url().length();
            if (length > LINKS_LENGTH) {
                break;
            }
            links.add(new AgentMessageDetail.Link(header(link.text()), link.url()));
        }
        return links;
    }

    /** A header value on one line and at most {@value #HEADER_LENGTH} characters; {@code null} stays null. */
    static String header(String value) {
        if (value == null) {
            return null;
        }
        String line = value.replaceAll("\\p{Cntrl}|[\\u2028\\u2029]", " ");
        if (line.length() <= HEADER_LENGTH) {
            return line;
        }
        int end = Character.isHighSurrogate(line.charAt(HEADER_LENGTH - 1)) ? HEADER_LENGTH - 1 : HEADER_LENGTH;
        return line.substring(0, end) + CUT;
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool result must serialize", e);
        }
    }
}
