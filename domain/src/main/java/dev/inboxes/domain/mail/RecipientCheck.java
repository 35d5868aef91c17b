package dev.inboxes.domain.mail;

/**
 * The answer to one {@code RCPT TO}: accepted for an inbox, or refused with the reason.
 *
 * @param recipient the inbox; {@code null} unless {@link Verdict#ACCEPTED}
 */
public record RecipientCheck(Verdict verdict, Recipient recipient) {

    public enum Verdict {
        /** An inbox of this service has the address. */
        ACCEPTED,
        /** The mail domain is ours, but no inbox has the address. */
        UNKNOWN_MAILBOX,
        /** Another domain: this service relays nothing. */
        NOT_OUR_DOMAIN,
        /** Not an address at all. */
        MALFORMED
    }

    static RecipientCheck refused(Verdict verdict) {
        return new RecipientCheck(verdict, null);
    }
}
