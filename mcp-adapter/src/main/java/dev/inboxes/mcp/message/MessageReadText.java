package dev.inboxes.mcp.message;

import dev.inboxes.mcp.respond.ExternalContent;
import java.util.stream.Collectors;

/**
 * {@code get_message}'s text blocks: the message compact, everything its sender wrote inside one
 * {@link ExternalContent} block, then a summary line of what this part is and how to read on.
 */
final class MessageReadText {

    private MessageReadText() {
    }

    static String of(AgentMessageDetail message, int attachmentCount) {
        StringBuilder content = new StringBuilder();
        line(content, "From", message.fromName() == null ? message.from()
                : message.fromName() + " <" + message.from() + ">");
        line(content, "To", message.to());
        line(content, "Cc", message.cc());
        line(content, "Reply-To", message.replyTo());
        line(content, "Subject", message.subject());
        line(content, "Sent", message.sentAt() == null ? null : message.sentAt().toString());
        line(content, "In-Reply-To", message.inReplyTo());
        if (attachmentCount > 0) {
            String shown = message.attachments().stream().map(MessageReadText::attachment)
                    .collect(Collectors.joining("; "));
            int more = attachmentCount - message.attachments().size();
            line(content, "Attachments (" + attachmentCount + ")", shown + (more > 0 ? "; and " + more + " more" : ""));
        }
        if (message.codes() != null && !message.codes().isEmpty()) {
            line(content, "Codes (heuristic guesses, likeliest first; check them in the text)", message.codes().stream()
                    .map(code -> code.code() + " (" + code.source() + ": \"" + code.context() + "\")")
                    .collect(Collectors.joining("; ")));
        }
        if (message.links() != null && !message.links().isEmpty()) {
            line(content, "Links (heuristic: text, then address)", message.links().stream()
                    .map(link -> (link.text().isEmpty() ? "" : link.text() + " ") + "<" + link.url() + ">")
                    .collect(Collectors.joining("; ")));
        }
        AgentMessageDetail.Body body = message.body();
        content.append("Text, characters ").append(body.start()).append(" to ").append(body.end()).append(" of ")
                .append(body.length()).append(body.quotedLinesLeftOut() == null ? "" : " (quoted history left out)")
                .append(":\n").append(body.text());
        return "Message " + message.id() + " in inbox " + message.inboxId() + " (thread " + message.threadId()
                + "), received " + message.receivedAt() + ".\n" + ExternalContent.mark(content.toString());
    }

    /** What this part is, and how to get the next one. */
    static String summary(AgentMessageDetail message, String budget) {
        AgentMessageDetail.Body body = message.body();
        String quotes = body.quotedLinesLeftOut() == null ? "" : " " + body.quotedLinesLeftOut() + " lines of quoted "
                + "history are left out; quotes: true reads them.";
        return partSummary(message, body, budget) + quotes;
    }

    private static String partSummary(AgentMessageDetail message, AgentMessageDetail.Body body, String budget) {
        String part = body.start() == 0 && !message.hasMoreBody() ? "The whole text (" + body.length()
                + " characters)" : "Characters " + body.start() + " to " + body.end() + " of the text's "
                + body.length();
        if (!message.hasMoreBody()) {
            return part + "; this is the end of the text.";
        }
        return part + " (a result stays within " + budget + "); more: call get_message again with the same inbox_id "
                + "and message_id and body_cursor " + message.bodyCursor() + ".";
    }

    private static void line(StringBuilder content, String name, String value) {
        if (value != null && !value.isEmpty()) {
            content.append(name).append(": ").append(value).append('\n');
        }
    }

    private static String attachment(AgentMessageDetail.Attachment attachment) {
        return (attachment.filename() == null ? "(no name)" : attachment.filename()) + " (" + attachment.contentType()
                + ", " + attachment.size() + " bytes" + (attachment.inline() ? ", inline" : "") + ", "
                + attachment.id() + ")";
    }
}
