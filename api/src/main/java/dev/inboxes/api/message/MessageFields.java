package dev.inboxes.api.message;

/** What the message schemas say about the fields the list row and the whole message share. */
final class MessageFields {

    static final String FROM = "Sender's address, from the From header (else the SMTP envelope sender); empty when "
            + "the message names none.";
    static final String TO = "The To recipients as an RFC 5322 address list with decoded names (for a recorded "
            + "message: the address given, or the inbox's own).";
    static final String SUBJECT = "Subject line, RFC 2047 decoded, on one line; empty when absent.";
    static final String PREVIEW = "At most the first 200 characters of the text.";
    static final String RECEIVED_AT = "When this service received it, RFC 3339 UTC with microseconds (server clock); "
            + "the list's sort key.";
    static final String THREAD_ID = "The thread it belongs to: a reply (In-Reply-To or References naming an earlier "
            + "message of this inbox) joins that message's thread, anything else starts one.";

    private MessageFields() {
    }
}
