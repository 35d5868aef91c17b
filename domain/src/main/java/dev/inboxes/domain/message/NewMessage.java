package dev.inboxes.domain.message;

import java.time.Instant;
import java.util.List;

/**
 * One message to store in one inbox.
 *
 * @param dedupeKey   what makes a redelivery the same message, with {@code bodyDigest}: the Message-ID, or a digest
 *                    of the raw bytes when the message has none
 * @param bodyDigest  the digest of the body as sent ({@link MessageService#bodyDigest}): an inbox stores at most one
 *                    message per key and digest, so a message sent first with another's Message-ID cannot make
 *                    the real one a duplicate
 * @param newThreadId the thread the message starts when none of its {@link MessageContent#threadLinks() links}
 *                    names an earlier message of the inbox
 * @param attachmentIds one new id per attachment of the content, in order
 * @param extracts    the codes and links found in the content, once, when it is stored (never on a read)
 * @param direction   received into the inbox, or sent from it
 */
public record NewMessage(String id, String accountId, String inboxId, MessageContent content, String dedupeKey,
                         String bodyDigest, String newThreadId, List<String> attachmentIds, Instant receivedAt,
                         MessageExtracts extracts, Direction direction) {

    public NewMessage {
        attachmentIds = List.copyOf(attachmentIds);
        java.util.Objects.requireNonNull(extracts, "extracts");
        java.util.Objects.requireNonNull(direction, "direction");
        if (attachmentIds.size() != content.attachments().size()) {
            throw new IllegalArgumentException("one attachment id per attachment");
        }
    }

    /** The same message, sent from its inbox rather than received. */
    public NewMessage outbound() {
        return new NewMessage(id, accountId, inboxId, content, dedupeKey, bodyDigest, newThreadId, attachmentIds,
                receivedAt, extracts, Direction.OUTBOUND);
    }
}
