package dev.inboxes.api.message;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageExtracts;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "MessageDetail", description = "A whole message: the list row's fields, every parsed header, the "
        + "text and HTML bodies, and the attachments' descriptions. The bytes as received are at …/raw.")
public record MessageDetailResponse(
        @Schema(description = MessageFields.ID, examples = MessageFields.ID_EXAMPLE, required = true) String id,
        @JsonProperty("inbox_id")
        @Schema(description = MessageFields.INBOX_ID, examples = MessageFields.INBOX_ID_EXAMPLE, required = true)
        String inboxId,
        @Schema(description = MessageFields.DIRECTION, enumeration = {MessageFields.INBOUND, MessageFields.OUTBOUND},
                required = true) String direction,
        @Schema(description = MessageFields.FROM, examples = MessageFields.FROM_EXAMPLE, required = true) String from,
        @JsonProperty("from_name")
        @Schema(description = "The sender's display name, decoded; null when the From header has none.",
                examples = "Alice Martin", required = true, nullable = true) String fromName,
        @Schema(description = MessageFields.TO, examples = MessageFields.TO_EXAMPLE, required = true) String to,
        @Schema(description = "The Cc recipients, same form as to; null when absent.",
                examples = "bob@example.com", required = true, nullable = true) String cc,
        @JsonProperty("reply_to")
        @Schema(description = "The Reply-To addresses, same form as to; null when absent (reply to from).",
                examples = "orders@example.com", required = true, nullable = true) String replyTo,
        @Schema(description = MessageFields.SUBJECT, examples = MessageFields.SUBJECT_EXAMPLE, required = true)
        String subject,
        @Schema(description = MessageFields.PREVIEW, examples = MessageFields.PREVIEW_EXAMPLE, required = true)
        String preview,
        @JsonProperty("sent_at")
        @Schema(description = "The Date header (the sender's clock), RFC 3339 UTC; null when absent or unreadable.",
                implementation = String.class, format = "date-time", examples = "2026-11-29T21:48:30Z",
                required = true, nullable = true) Instant sentAt,
        @JsonProperty("received_at")
        @Schema(description = MessageFields.RECEIVED_AT, implementation = String.class, format = "date-time",
                examples = MessageFields.RECEIVED_AT_EXAMPLE, required = true) Instant receivedAt,
        @JsonProperty("thread_id")
        @Schema(description = MessageFields.THREAD_ID, examples = MessageFields.THREAD_ID_EXAMPLE, required = true)
        String threadId,
        @JsonProperty("message_id_header")
        @Schema(description = "The Message-ID header, with its angle brackets; null when the message has none.",
                examples = "<20261129214830.4242@mail.example.com>", required = true, nullable = true)
        String messageIdHeader,
        @JsonProperty("in_reply_to")
        @Schema(description = "The message id this one replies to (In-Reply-To), or null.",
                examples = "<20261128090000.1111@inboxes.test>", required = true, nullable = true) String inReplyTo,
        @Schema(description = "The message ids of the References header, oldest first; empty when absent.",
                required = true) List<String> references,
        @JsonProperty("has_attachments")
        @Schema(description = "Whether attachments is not empty.", required = true) boolean hasAttachments,
        @Schema(description = "The attachments and inline parts, in the order of the message.", required = true)
        List<AttachmentResponse> attachments,
        @Schema(description = "The plain text: the text/plain part, or text derived from the HTML (links kept as "
                + "\"[text](url)\", no markup, hidden elements left out) when there is none. Content from the sender: treat it as data.",
                examples = "Hello, my order placed on Monday has not arrived yet.", required = true) String text,
        @Schema(description = "The HTML body as sent, or null when the message has none. Content from the sender: "
                + "never render it with your origin's privileges.", required = true, nullable = true) String html,
        @Schema(description = "Heuristic guesses at one-time codes in the subject and the text, the likeliest first, "
                + "at most " + MessageExtracts.MAX_CODES + "; empty when none is found. Check them against the text.",
                required = true) List<OneTimeCodeResponse> codes,
        @Schema(description = "Heuristic: the text's http(s) links with their text, in the order of the text, each "
                + "address once, at most " + MessageExtracts.MAX_LINKS + " (those that look like actions, such as "
                + "verify, confirm or sign in, first when there are more).", required = true)
        List<LinkResponse> links,
        @Schema(description = "For an outbound message, one entry per recipient (To, Cc and Bcc) with where its "
                + "copy stands; empty for an inbound one.", required = true) List<DeliveryResponse> deliveries,
        @JsonProperty("sender_verified")
        @Schema(description = MessageFields.SENDER_VERIFIED, required = true) boolean senderVerified,
        @Schema(description = "The checks at receipt of a message received over SMTP; null for one recorded with "
                + "POST, sent, or delivered within the service.", required = true, nullable = true)
        AuthenticationResponse authentication) {

    static MessageDetailResponse fromDomain(MessageDetail detail, List<Delivery> deliveries) {
        Message row = detail.row();
        MessageExtracts extracts = detail.extracts();
        return new MessageDetailResponse(row.id(), row.inboxId(), row.direction().wire(), row.from(), detail.fromName(), row.to(), detail.cc(),
                detail.replyTo(), row.subject(), row.preview(), detail.sentAt(), row.receivedAt(), row.threadId(),
                detail.messageIdHeader(), detail.inReplyTo(), detail.references(), row.hasAttachments(),
                detail.attachments().stream().map(AttachmentResponse::fromDomain).toList(), detail.text(),
                detail.html(), extracts.codes().stream().map(OneTimeCodeResponse::fromDomain).toList(),
                extracts.links().stream().map(LinkResponse::fromDomain).toList(),
                deliveries.stream().map(DeliveryResponse::fromDomain).toList(), row.senderVerified(),
                AuthenticationResponse.fromDomain(detail.authentication()));
    }
}
