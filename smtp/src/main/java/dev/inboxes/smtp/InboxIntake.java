package dev.inboxes.smtp;

import dev.inboxes.domain.mail.DeliveryReport;
import dev.inboxes.domain.mail.Envelope;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.mail.RecipientCheck;
import dev.inboxes.domain.message.Authentication;
import dev.inboxes.domain.message.MessageContent;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.jboss.logging.Logger;

/**
 * The one way mail enters the inboxes, with its replies: an SMTP transaction ({@link MailTransaction}) and the
 * service's own outbound mail to its mail domain both check recipients, parse and store through it, so a message
 * sent from one inbox to another is received exactly as if it had come over SMTP.
 */
public final class InboxIntake {

    private static final Logger LOG = Logger.getLogger(InboxIntake.class);
    static final DateTimeFormatter TRACE_DATE = DateTimeFormatter.ofPattern("EEE, d MMM yyyy HH:mm:ss Z", Locale.ROOT);

    private final MailDelivery delivery;

    /** An SMTP reply: code and text (the enhanced status first). */
    public record Reply(int code, String text) {

        public boolean isAccepted() {
            return code >= 200 && code < 300;
        }
    }

    /** A recipient's check: the inbox it reaches, or the reply that refuses it. */
    public record RecipientOutcome(Recipient accepted, Reply refusal) {
    }

    public InboxIntake(MailDelivery delivery) {
        this.delivery = delivery;
    }

    public String mailDomain() {
        return delivery.mailDomain();
    }

    /**
     * Checks one recipient: an existing inbox of the mail domain is accepted; an unknown one {@code 550 5.1.1},
     * another domain {@code 550 5.7.1}, a failed lookup {@code 451 4.3.0}.
     */
    public RecipientOutcome recipient(String address) {
        RecipientCheck check;
        try {
            check = delivery.check(address);
        } catch (RuntimeException failure) {
            LOG.warnf("Recipient lookup failed, answered 451: %s", failure.toString());
            return refused(SmtpReplies.TEMPORARY_FAILURE, SmtpReplies.LOOKUP_FAILED);
        }
        return switch (check.verdict()) {
            case ACCEPTED -> new RecipientOutcome(check.recipient(), null);
            case UNKNOWN_MAILBOX -> refused(SmtpReplies.NO_SUCH_MAILBOX, SmtpReplies.unknownMailbox(address));
            case NOT_OUR_DOMAIN -> refused(SmtpReplies.NO_SUCH_MAILBOX,
                    SmtpReplies.relayDenied(address, delivery.mailDomain()));
            case MALFORMED -> refused(SmtpReplies.BAD_SYNTAX, SmtpReplies.BAD_RECIPIENT);
        };
    }

    /**
     * Parses the message (within the deadline, best effort) and stores it for every accepted recipient in one
     * transaction. {@code 250} only after the commit; {@code 550 5.1.1} when every recipient inbox was deleted
     * meanwhile; {@code 451 4.3.0} for any failure to store, so the sender retries.
     *
     * @param traceHeader       the {@code Received:} line, with its CRLF, put in front of the stored bytes
     * @param parseDeadlineNanos when the parse stops ({@link System#nanoTime()}), keeping what it read
     */
    public Reply store(String sender, List<Recipient> recipients, byte[] raw, String traceHeader,
                       long parseDeadlineNanos) {
        return store(sender, recipients, raw, traceHeader, parseDeadlineNanos, null);
    }

    /**
     * As {@link #store(String, List, byte[], String, long)}, with the results of the checks at receipt stored with
     * the message ({@code null}: not checked).
     */
    public Reply store(String sender, List<Recipient> recipients, byte[] raw, String traceHeader,
                       long parseDeadlineNanos, Authentication authentication) {
        try {
            List<String> addresses = recipients.stream().map(Recipient::address).toList();
            MessageContent content = MimeReader.read(raw, sender, addresses, parseDeadlineNanos);
            if (authentication != null) {
                content = content.withAuthentication(authentication);
            }
            DeliveryReport report = delivery.deliver(new Envelope(sender, recipients, traceHeader), content);
            if (report.stored().isEmpty() && report.duplicates() == 0) {
                // Every accepted inbox was deleted before the message reached it: nothing was delivered.
                return new Reply(SmtpReplies.NO_SUCH_MAILBOX, SmtpReplies.NO_RECIPIENT_LEFT);
            }
            return new Reply(250, SmtpReplies.stored(report.stored().size(), report.duplicates()));
        } catch (RuntimeException failure) {
            LOG.warn("Delivery failed, answered 451 so that the sender retries", failure);
            return new Reply(SmtpReplies.TEMPORARY_FAILURE, SmtpReplies.STORE_FAILED);
        }
    }

    /** As {@link #store(String, List, byte[], String, long)}, within the parse's usual budget. */
    public Reply store(String sender, List<Recipient> recipients, byte[] raw, String traceHeader) {
        return store(sender, recipients, raw, traceHeader, System.nanoTime() + MimeReader.PARSE_BUDGET.toNanos());
    }

    /**
     * The {@code Received:} line of mail this service hands to itself (RFC 5321 4.4: every server that takes a
     * message adds one), in the form of the SMTP receiver's.
     */
    public static String localTrace(String hostname, String recipient, Instant at) {
        return "Received: by " + hostname + " (Inboxes) with LOCAL\r\n\tfor <" + recipient + ">;\r\n\t"
                + TRACE_DATE.format(at.atOffset(ZoneOffset.UTC)) + "\r\n";
    }

    /** {@code 552 5.3.4}, for a message over the size limit. */
    public static Reply tooBig(long limit) {
        return new Reply(SmtpReplies.TOO_BIG, SmtpReplies.tooBig(limit));
    }

    private static RecipientOutcome refused(int code, String text) {
        return new RecipientOutcome(null, new Reply(code, text));
    }
}
