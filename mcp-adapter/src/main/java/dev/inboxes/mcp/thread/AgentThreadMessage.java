package dev.inboxes.mcp.thread;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.QuotedHistory;
import dev.inboxes.domain.thread.ThreadMessage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;

/**
 * A message of a thread as an agent reads it: the headers that matter and the beginning of its text (the tool's text
 * marks the page's messages as one block of external content).
 *
 * @param textCut true when the text is only its beginning (get_message returns the rest); absent otherwise
 * @param quotedLinesLeftOut the lines of quoted history not in the text (read without quotes); absent when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AgentThreadMessage(
        @JsonProperty(required = true) String id,
        @JsonProperty(required = true) String from,
        @JsonProperty(required = true) String to,
        @JsonProperty(required = true) String subject,
        @JsonProperty(value = "received_at", required = true) Instant receivedAt,
        @JsonProperty(value = "has_attachments", required = true) boolean hasAttachments,
        @JsonProperty(required = true) String text,
        @JsonProperty("text_cut") Boolean textCut,
        @JsonProperty("quoted_lines_left_out") Integer quotedLinesLeftOut) {

    /** With its text's beginning as the store read it. */
    static AgentThreadMessage fromDomain(ThreadMessage message) {
        Message row = message.message();
        return new AgentThreadMessage(row.id(), row.from(), row.to(), row.subject(), row.receivedAt(),
                row.hasAttachments(), message.text(), message.textCut() ? Boolean.TRUE : null, null);
    }

    /**
     * Without the quoted history of the text's beginning as read ({@link QuotedHistory}), then cut to
     * {@code characters}: the text read must be longer than that, so that what is left still fills the part.
     */
    static AgentThreadMessage withoutQuotes(ThreadMessage message, int characters) {
        QuotedHistory.Stripped stripped = QuotedHistory.strip(message.text());
        String text = ThreadMessage.beginning(stripped.text(), characters);
        boolean cut = message.textCut() || text.length() < stripped.text().length();
        Message row = message.message();
        return new AgentThreadMessage(row.id(), row.from(), row.to(), row.subject(), row.receivedAt(),
                row.hasAttachments(), text, cut ? Boolean.TRUE : null,
                stripped.droppedLines() == 0 ? null : stripped.droppedLines());
    }
}
