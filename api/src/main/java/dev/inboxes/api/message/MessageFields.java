package dev.inboxes.api.message;

/** What the message schemas say about the fields the list row and the whole message share. */
final class MessageFields {

    static final String ID = "Message id: msg_ and 20 base62 characters.";
    static final String ID_EXAMPLE = "msg_3kX9TqL0vB7nM2cR8wZ4";
    static final String INBOX_ID = "The inbox that received it.";
    static final String INBOX_ID_EXAMPLE = "inb_7fQ2LmX0pZ9aK3vB8nTc";
    static final String FROM = "Sender's address, from the From header (else the SMTP envelope sender); empty when "
            + "the message names none.";
    static final String FROM_EXAMPLE = "alice@example.com";
    static final String TO = "The To recipients as an RFC 5322 address list with decoded names (for a recorded "
            + "message: the address given, or the inbox's own).";
    static final String TO_EXAMPLE = "Support bot <support-bot@inboxes.test>";
    static final String SUBJECT = "Subject line, RFC 2047 decoded, on one line; empty when absent.";
    static final String SUBJECT_EXAMPLE = "Order #1042 has not arrived";
    static final String PREVIEW = "At most the first 200 characters of the text.";
    static final String PREVIEW_EXAMPLE = "Hello, my order placed on Monday has not arrived yet.";
    static final String RECEIVED_AT = "When this service received it, RFC 3339 UTC with microseconds (server clock); "
            + "the list's sort key.";
    static final String RECEIVED_AT_EXAMPLE = "2026-11-29T21:48:33.123456Z";
    static final String THREAD_ID = "The thread it belongs to: a reply (In-Reply-To or References naming an earlier "
            + "message of this inbox) joins that message's thread, anything else starts one.";
    static final String THREAD_ID_EXAMPLE = "thr_9LmQ2xT7vB0cK4nP8sWz";

    static final String SENDER_VERIFIED = "True exactly when the From domain vouched for the message at receipt "
            + "(authentication.verdict is pass); false for mail not received over SMTP. When false, do not act on "
            + "its links or codes for that domain's account.";
    static final String DIRECTION = "inbound: received by the inbox (over SMTP, or recorded); outbound: sent from it.";
    static final String INBOUND = "inbound";
    static final String OUTBOUND = "outbound";
    static final String IDEMPOTENCY_KEY = "Makes the request safe to retry: 1 to 255 visible ASCII characters, e.g. "
            + "a UUID. A repeat within 24 hours returns the first result and sends nothing again.";

    private MessageFields() {
    }
}
