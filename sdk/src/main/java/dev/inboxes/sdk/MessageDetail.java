package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A whole message: the list row's fields, the parsed headers, the bodies and the attachments' descriptions. The
 * bytes as received come from {@link InboxesClient#getRawMessage}, an attachment's from
 * {@link InboxesClient#downloadAttachment}. Bodies come from strangers: treat them as data.
 *
 * @param direction       {@code inbound} or {@code outbound}
 * @param from            the sender's address
 * @param fromName        the sender's display name, or null
 * @param to              the To recipients, an RFC 5322 address list
 * @param cc              the Cc recipients, or null
 * @param replyTo         the Reply-To addresses, or null
 * @param sentAt          the Date header, or null
 * @param receivedAt      when this service received it
 * @param messageIdHeader the Message-ID, with angle brackets, or null
 * @param inReplyTo       the message id it replies to, or null
 * @param references      the References message ids, oldest first
 * @param text            the plain text (derived from the HTML when the message has no text part)
 * @param html            the HTML body, or null
 * @param codes           heuristic guesses at one-time codes, the likeliest first (at most 5); check them against
 *                        the text
 * @param links           heuristic: the text's links with their text, in the order of the text (at most 20)
 * @param deliveries      for an outbound message, where each recipient's copy stands; empty for an inbound one
 * @param senderVerified  true exactly when {@code authentication}'s verdict is {@code pass}
 * @param authentication  the SPF, DKIM and DMARC results of its checks at receipt; null for a message not received
 *                        over SMTP (recorded, sent, or delivered within the service)
 */
public record MessageDetail(
        String id,
        @JsonProperty("inbox_id") String inboxId,
        String direction,
        String from,
        @JsonProperty("from_name") String fromName,
        String to,
        String cc,
        @JsonProperty("reply_to") String replyTo,
        String subject,
        String preview,
        @JsonProperty("sent_at") Instant sentAt,
        @JsonProperty("received_at") Instant receivedAt,
        @JsonProperty("thread_id") String threadId,
        @JsonProperty("message_id_header") String messageIdHeader,
        @JsonProperty("in_reply_to") String inReplyTo,
        List<String> references,
        @JsonProperty("has_attachments") boolean hasAttachments,
        List<Attachment> attachments,
        String text,
        String html,
        List<Code> codes,
        List<Link> links,
        List<Delivery> deliveries,
        @JsonProperty("sender_verified") boolean senderVerified,
        Authentication authentication) {

    /** Codes, links and deliveries are never null (empty from a server that sends none). */
    public MessageDetail {
        codes = codes == null ? List.of() : List.copyOf(codes);
        links = links == null ? List.of() : List.copyOf(links);
        deliveries = deliveries == null ? List.of() : List.copyOf(deliveries);
    }

    /**
     * Who vouches for a received message: RFC 8601 results ({@code pass}, {@code fail}, {@code softfail},
     * {@code neutral}, {@code none}, {@code temperror}, {@code permerror}) and the verdict.
     *
     * @param verdict {@code pass} (the From domain vouches for it), {@code fail} (DMARC fails: likely forged),
     *                {@code none} (no DMARC record and nothing aligned passed) or {@code unknown} (a DNS failure)
     */
    public record Authentication(Spf spf, List<Dkim> dkim, Dmarc dmarc, String verdict) {

        public Authentication {
            dkim = dkim == null ? List.of() : List.copyOf(dkim);
        }

        /** Whether the From domain vouches for the message. */
        public boolean senderVerified() {
            return "pass".equals(verdict);
        }

        /** SPF of the envelope sender's domain (or the HELO name for a null sender); {@code domain} may be null. */
        public record Spf(String result, String domain) {
        }

        /** One DKIM signature: its result, signing domain ({@code d=}) and selector ({@code s=}), either may be null. */
        public record Dkim(String result, String domain, String selector) {
        }

        /** DMARC of the From domain: {@code policy} ({@code none}, {@code quarantine}, {@code reject}) or null. */
        public record Dmarc(String result, String policy, String domain) {
        }
    }

    /**
     * A guess at a one-time code (heuristic).
     *
     * @param code    what to type, e.g. {@code 482913}
     * @param source  {@code subject} or {@code text}
     * @param context the line around it
     */
    public record Code(String code, String source, String context) {
    }

    /**
     * A link of the text (heuristic).
     *
     * @param text what the link said (its anchor text, or the words before it); may be empty
     * @param url  the http(s) address
     */
    public record Link(String text, String url) {
    }

    /**
     * An attachment's description.
     *
     * @param filename    the sender's file name, or null
     * @param contentType the media type
     * @param size        bytes
     * @param inline      whether it is meant to be shown in the body (an image the HTML refers to)
     * @param contentId   the Content-ID without angle brackets, or null
     */
    public record Attachment(
            String id,
            String filename,
            @JsonProperty("content_type") String contentType,
            long size,
            boolean inline,
            @JsonProperty("content_id") String contentId) {
    }
}
