package dev.inboxes.mcp.message;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.mcp.protocol.MayBeNull;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;

/**
 * A message as {@code get_message} gives it to an agent: the headers that matter, the attachments' descriptions, the
 * codes and links found in it (with the first part only), and one part of its text, marked as external content.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record AgentMessageDetail(
        @JsonProperty(required = true) String id,
        @JsonProperty(value = "inbox_id", required = true) String inboxId,
        @JsonProperty(value = "thread_id", required = true) String threadId,
        @JsonProperty(required = true) String from,
        @JsonProperty(value = "sender_verified", required = true) boolean senderVerified,
        @JsonProperty(required = true) String verdict,
        @JsonProperty("from_name") String fromName,
        @JsonProperty(required = true) String to,
        String cc,
        @JsonProperty("reply_to") String replyTo,
        @JsonProperty(required = true) String subject,
        @JsonProperty("sent_at") @JsonPropertyDescription("The sender's Date header.") Instant sentAt,
        @JsonProperty(value = "received_at", required = true) Instant receivedAt,
        @JsonProperty("in_reply_to") String inReplyTo,
        @JsonProperty(value = "attachment_count", required = true) int attachmentCount,
        @JsonProperty(required = true) List<Attachment> attachments,
        @JsonPropertyDescription("Guesses, likeliest first; first part only.") List<Code> codes,
        @JsonPropertyDescription("First part only.") List<Link> links,
        @JsonProperty(required = true) Body body,
        @JsonProperty(value = "has_more_body", required = true)
        boolean hasMoreBody,
        @JsonProperty(value = "body_cursor", required = true) @MayBeNull
        @JsonInclude(JsonInclude.Include.ALWAYS)
        String bodyCursor) {

    /** An attachment's description, and the URI of the resource that reads it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Attachment(
            @JsonProperty(required = true) String id,
            String filename,
            @JsonProperty(value = "content_type", required = true) String contentType,
            @JsonProperty(required = true) long size,
            @JsonProperty(required = true) boolean inline,
            @JsonProperty(required = true) String uri) {
    }

    /** A guess at a one-time code. */
    public record Code(
            @JsonProperty(required = true) String code,
            @JsonProperty(required = true) @JsonPropertyDescription("subject or text") String source,
            @JsonProperty(required = true) String context) {
    }

    /** A link and its text. */
    public record Link(
            @JsonProperty(required = true) String text,
            @JsonProperty(required = true) String url) {
    }

    /** One part of the text, marked as content from the sender. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Body(
            @JsonProperty(required = true) String origin,
            @JsonProperty(required = true) String notice,
            @JsonProperty(required = true) @JsonPropertyDescription("Characters start to end (exclusive).")
            String text,
            @JsonProperty(required = true) int start,
            @JsonProperty(required = true) int end,
            @JsonProperty(required = true) @JsonPropertyDescription("The whole text's.") int length,
            @JsonProperty("quoted_lines_left_out") Integer quotedLinesLeftOut) {
    }
}
