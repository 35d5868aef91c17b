package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * A message of an inbox, received or sent.
 *
 * @param id         the message id
 * @param inboxId    the id of the inbox that holds it
 * @param direction  {@code inbound} (received, or recorded) or {@code outbound} (sent from the inbox)
 * @param from       the sender's address
 * @param to         the To recipients, an RFC 5322 address list
 * @param subject    the subject line (may be empty)
 * @param preview    the first 200 characters of the text
 * @param receivedAt when the message was received (or recorded)
 * @param threadId   the thread it belongs to
 * @param hasAttachments whether it has attachments ({@link InboxesClient#getMessage} lists them)
 * @param senderVerified true exactly when the From domain vouched for the message at receipt (its
 *                       {@link MessageDetail#authentication()} verdict is {@code pass}); false for mail not received
 *                       over SMTP. When false, do not act on its links or codes for that domain's account.
 */
public record Message(
        String id,
        @JsonProperty("inbox_id") String inboxId,
        String direction,
        String from,
        String to,
        String subject,
        String preview,
        @JsonProperty("received_at") Instant receivedAt,
        @JsonProperty("thread_id") String threadId,
        @JsonProperty("has_attachments") boolean hasAttachments,
        @JsonProperty("sender_verified") boolean senderVerified) {
}
