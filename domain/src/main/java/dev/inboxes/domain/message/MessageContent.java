package dev.inboxes.domain.message;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a message says, independent of the inbox that keeps it: the parsed fields, the attachments and the raw
 * bytes as received. One received message delivered to several inboxes shares one content.
 *
 * @param from            the sender's address; empty when the message names none (a bounce, say)
 * @param fromName        the sender's display name, or {@code null}
 * @param to              the To recipients as an RFC 5322 address list with decoded names
 * @param cc              the Cc recipients, same form, or {@code null}
 * @param replyTo         the Reply-To addresses, same form, or {@code null}
 * @param subject         decoded, on one line; empty when absent
 * @param sentAt          the Date header, or {@code null} when absent or unreadable
 * @param messageIdHeader the Message-ID with its angle brackets, or {@code null}
 * @param inReplyTo       the first message id of In-Reply-To, or {@code null}
 * @param references      the message ids of References, oldest first
 * @param text            the plain text: the text part, or text derived from the HTML; never {@code null}
 * @param html            the HTML body, or {@code null}
 * @param raw             the message as received, the bytes {@code /raw} returns
 * @param authentication  the SPF, DKIM and DMARC results of mail received over SMTP, or {@code null}
 */
public record MessageContent(String from, String fromName, String to, String cc, String replyTo, String subject,
                             Instant sentAt, String messageIdHeader, String inReplyTo, List<String> references,
                             String text, String html, List<NewAttachment> attachments, byte[] raw,
                             Authentication authentication) {

    /** Characters of the text a list row shows. */
    public static final int PREVIEW_LENGTH = 200;
    /**
     * Longest message id (or subject key) kept as it is where an index holds it: 600 characters are at most 1,800
     * bytes of UTF-8, below the 2,704 bytes of a PostgreSQL B-tree entry, whatever the characters.
     */
    public static final int INDEXED_LENGTH = 600;

    public MessageContent {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(raw, "raw");
        references = List.copyOf(references);
        attachments = List.copyOf(attachments);
    }

    /** Content that was not checked at receipt (recorded, composed or delivered within the service). */
    public MessageContent(String from, String fromName, String to, String cc, String replyTo, String subject,
            Instant sentAt, String messageIdHeader, String inReplyTo, List<String> references, String text,
            String html, List<NewAttachment> attachments, byte[] raw) {
        this(from, fromName, to, cc, replyTo, subject, sentAt, messageIdHeader, inReplyTo, references, text, html,
                attachments, raw, null);
    }

    /** The same content with the results of its checks at receipt. */
    public MessageContent withAuthentication(Authentication checked) {
        return new MessageContent(from, fromName, to, cc, replyTo, subject, sentAt, messageIdHeader, inReplyTo,
                references, text, html, attachments, raw, checked);
    }

    /** The same content with other raw bytes (a trace line in front, say). */
    public MessageContent withRaw(byte[] bytes) {
        return new MessageContent(from, fromName, to, cc, replyTo, subject, sentAt, messageIdHeader, inReplyTo,
                references, text, html, attachments, bytes, authentication);
    }

    /** The first {@value #PREVIEW_LENGTH} characters of the text, never ending inside a surrogate pair. */
    public String preview() {
        return preview(text);
    }

    static String preview(String text) {
        if (text.length() <= PREVIEW_LENGTH) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(PREVIEW_LENGTH - 1)) ? PREVIEW_LENGTH - 1 : PREVIEW_LENGTH;
        return text.substring(0, end);
    }

    /**
     * The message ids that can link this message to an earlier one of its inbox: In-Reply-To first, then the
     * References from the newest back.
     */
    public List<String> threadLinks() {
        List<String> links = new ArrayList<>();
        if (inReplyTo != null) {
            links.add(inReplyTo);
        }
        for (int i = references.size() - 1; i >= 0; i--) {
            if (!links.contains(references.get(i))) {
                links.add(references.get(i));
            }
        }
        links.replaceAll(MessageContent::idKey);
        return links;
    }

    /**
     * A message id as messages are matched by it (dedupe keys, thread links): as written, or its digest when it is
     * longer than {@value #INDEXED_LENGTH} characters, so that no id is too large for the index that holds it.
     */
    public static String idKey(String messageId) {
        return messageId.length() <= INDEXED_LENGTH ? messageId
                : "sha256:" + dev.inboxes.domain.shared.Hashing.sha256Hex(messageId);
    }
}
