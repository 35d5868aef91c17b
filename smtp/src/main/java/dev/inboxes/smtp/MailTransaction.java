package dev.inboxes.smtp;

import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.message.Authentication;
import dev.inboxes.domain.outbound.Bounces;
import dev.inboxes.domain.outbound.DeliveryStatusNotification;
import dev.inboxes.domain.shared.MemoryBudget;
import dev.inboxes.smtp.auth.MessageAuthenticator;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;
import org.subethamail.smtp.DropConnectionException;
import org.subethamail.smtp.MessageContext;
import org.subethamail.smtp.MessageHandler;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.server.Session;

/**
 * One SMTP mail transaction: MAIL FROM, each RCPT TO checked against the inboxes (no relay), DATA read within the
 * size limit and the DATA timeout, then parsed and delivered. {@code 250} goes out only after the delivery's
 * transaction committed; any failure to store is a {@code 451} the sender retries. Mail to a delivery's envelope
 * sender ({@code bounces+<delivery id>@…}) is no inbox's: it is read as a delivery status notification and handed to
 * {@link Bounces}, never stored as a message.
 */
final class MailTransaction implements MessageHandler {

    private static final Logger LOG = Logger.getLogger(MailTransaction.class);
    private static final int MAX_ADDRESS_LENGTH = 320;
    private static final int READ_CHUNK = 64 * 1024;

    private final MessageContext context;
    private final InboxIntake intake;
    private final SmtpReceiver.Limits limits;
    private final Clock clock;
    private final List<Recipient> recipients = new ArrayList<>();
    private final Bounces bounces;
    /** The checks at receipt; {@code null} when they are off. */
    private final MessageAuthenticator authenticator;
    /** The deliveries whose envelope sender this message is addressed to: a report about each, if anything. */
    private final List<String> bouncedDeliveryIds = new ArrayList<>();
    private String sender = "";

    MailTransaction(MessageContext context, MailDelivery delivery, Bounces bounces, SmtpReceiver.Limits limits,
            Clock clock) {
        this(context, delivery, bounces, limits, clock, null);
    }

    MailTransaction(MessageContext context, MailDelivery delivery, Bounces bounces, SmtpReceiver.Limits limits,
            Clock clock, MessageAuthenticator authenticator) {
        this.authenticator = authenticator;
        this.context = context;
        this.intake = new InboxIntake(delivery);
        this.bounces = bounces;
        this.limits = limits;
        this.clock = clock;
    }

    @Override
    public void from(String from) throws RejectException {
        if (limits.draining().get()) {
            throw new DropConnectionException(SmtpReplies.UNAVAILABLE, SmtpReplies.SHUTTING_DOWN);
        }
        if (from.length() > MAX_ADDRESS_LENGTH || from.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new RejectException(SmtpReplies.BAD_SYNTAX, SmtpReplies.BAD_SENDER);
        }
        sender = from;
    }

    @Override
    public void recipient(String address) throws RejectException {
        if (address.length() > MAX_ADDRESS_LENGTH) {
            throw new RejectException(SmtpReplies.BAD_SYNTAX, SmtpReplies.BAD_RECIPIENT);
        }
        String recipient = stripSourceRoute(address);
        if (bounces.isBounceAddress(recipient)) {
            Optional<String> deliveryId = bounces.deliveryIdOf(recipient);
            if (deliveryId.isEmpty()) {
                throw new RejectException(SmtpReplies.NO_SUCH_MAILBOX, SmtpReplies.unknownMailbox(address));
            }
            if (!bouncedDeliveryIds.contains(deliveryId.get())) {
                bouncedDeliveryIds.add(deliveryId.get());
            }
            return;
        }
        InboxIntake.RecipientOutcome outcome = intake.recipient(recipient);
        if (outcome.refusal() != null) {
            throw new RejectException(outcome.refusal().code(), outcome.refusal().text());
        }
        recipients.add(outcome.accepted());
    }

    @Override
    public String data(InputStream data) throws RejectException, IOException {
        Reservation reservation = new Reservation(limits.budget());
        limits.inFlight().incrementAndGet();
        try {
            long dataDeadline = System.nanoTime() + limits.dataTimeout().toNanos();
            byte[] raw = readWithinLimits(data, reservation, dataDeadline);
            String reportReply = bouncedDeliveryIds.isEmpty() ? null : report(raw, dataDeadline);
            if (recipients.isEmpty()) {
                return reportReply;
            }
            String trace = trace();
            Authentication authentication = null;
            if (authenticator != null) {
                // Within its own DNS budget, whatever the DNS does; the message is stored whatever the results.
                MessageAuthenticator.Checked checked = authenticator.check(raw, clientAddress(),
                        context.getHelo().orElse(null), sender);
                raw = checked.raw();
                trace = checked.header() + trace;
                authentication = checked.authentication();
            }
            // The parse's budget is counted within the DATA deadline: a sender that took most of it leaves less.
            long parseNanos = Math.max(0,
                    Math.min(dataDeadline - System.nanoTime(), MimeReader.PARSE_BUDGET.toNanos()));
            InboxIntake.Reply reply = intake.store(sender, recipients, raw, trace, System.nanoTime() + parseNanos,
                    authentication);
            if (!reply.isAccepted()) {
                throw new RejectException(reply.code(), reply.text());
            }
            return reply.text();
        } finally {
            reservation.releaseAll();
            limits.inFlight().decrementAndGet();
        }
    }

    /**
     * Hands the report, if the message is one, to {@link Bounces} for each delivery it came back for. Whatever the
     * message, the sender hears 250: an unreadable report or an auto-reply is dropped, as is a report about a
     * delivery that is gone; only a failure to record it is a 451, to be retried.
     */
    private String report(byte[] raw, long dataDeadline) {
        long parseNanos = Math.max(0, Math.min(dataDeadline - System.nanoTime(), MimeReader.PARSE_BUDGET.toNanos()));
        DeliveryStatusNotification report = DeliveryStatusReader.read(raw, System.nanoTime() + parseNanos)
                .orElse(null);
        List<Bounces.Outcome> outcomes = new ArrayList<>();
        for (String deliveryId : bouncedDeliveryIds) {
            Bounces.Outcome outcome = bounces.report(deliveryId, report);
            LOG.debugf("Report for delivery %s: %s", deliveryId, outcome);
            outcomes.add(outcome);
        }
        return SmtpReplies.reportTaken(outcomes);
    }

    @Override
    public void done() {
        // nothing held between transactions
    }

    /**
     * Reads the message, at most the size limit, within the DATA timeout and within the receiver's message budget.
     * A message over the size limit, or one the budget has no room for, is read to its end and discarded, so the
     * client hears 552 (or 452, to retry later) as the reply to its DATA and the session stays in step. The bytes
     * are kept in blocks and copied once, into an array of the message's size.
     */
    private byte[] readWithinLimits(InputStream data, Reservation reservation, long deadline)
            throws IOException, RejectException {
        long limit = limits.maxMessageSize();
        List<byte[]> blocks = new ArrayList<>();
        byte[] block = new byte[READ_CHUNK];
        int filled = 0;
        long total = 0;
        boolean kept = true;
        for (int read; (read = data.read(block, filled, block.length - filled)) != -1; ) {
            if (System.nanoTime() > deadline) {
                throw new SocketTimeoutException("DATA took longer than " + limits.dataTimeout());
            }
            total += read;
            kept = kept && total <= limit && reservation.add(read);
            if (!kept) {
                blocks.clear(); // what was held goes back now, so that other messages can use it
                reservation.releaseAll();
                filled = 0;
                continue;
            }
            filled += read;
            if (filled == block.length) {
                blocks.add(block);
                block = new byte[READ_CHUNK];
                filled = 0;
            }
        }
        if (total > limit) {
            throw new RejectException(SmtpReplies.TOO_BIG, SmtpReplies.tooBig(limit));
        }
        if (!kept) {
            LOG.debugf("A message of %d bytes answered 452: the message budget (%d bytes in memory) is full", total,
                    limits.budget().held());
            throw new RejectException(SmtpReplies.INSUFFICIENT_STORAGE, SmtpReplies.BUSY);
        }
        byte[] message = new byte[(int) total];
        int at = 0;
        for (byte[] full : blocks) {
            System.arraycopy(full, 0, message, at, full.length);
            at += full.length;
        }
        System.arraycopy(block, 0, message, at, filled);
        return message;
    }

    /** The budget bytes one message holds, given back once it is answered. */
    private static final class Reservation {

        private final MemoryBudget budget;
        private long held;

        Reservation(MemoryBudget budget) {
            this.budget = budget;
        }

        boolean add(long bytes) {
            if (!budget.tryReserve(bytes)) {
                return false;
            }
            held += bytes;
            return true;
        }

        void releaseAll() {
            budget.release(held);
            held = 0;
        }
    }

    private InetAddress clientAddress() {
        return context.getRemoteAddress() instanceof InetSocketAddress address ? address.getAddress() : null;
    }

    /** The Received line this server adds, as RFC 5321 asks of the server that takes a message. */
    private String trace() {
        String client = context.getRemoteAddress() instanceof InetSocketAddress address && address.getAddress() != null
                ? address.getAddress().getHostAddress() : "unknown";
        String helo = context.getHelo().map(MailTransaction::heloName).orElse("unknown");
        boolean tls = context instanceof Session session && session.isTLSStarted();
        StringBuilder trace = new StringBuilder(160).append("Received: from ").append(helo).append(" ([")
                .append(client)
                .append("])\r\n\tby ").append(limits.hostname()).append(" (Inboxes) with ").append(tls ? "ESMTPS" : "ESMTP");
        if (recipients.size() == 1) {
            trace.append("\r\n\tfor <").append(recipients.get(0).address()).append('>');
        }
        return trace.append(";\r\n\t").append(InboxIntake.TRACE_DATE.format(clock.instant().atOffset(ZoneOffset.UTC)))
                .append("\r\n").toString();
    }

    /** The client's own name for itself, as far as it is a host name or address literal. */
    private static String heloName(String helo) {
        StringBuilder name = new StringBuilder();
        helo.chars().limit(SmtpReplies.ECHO_LENGTH)
                .forEach(c -> name.append(Character.isLetterOrDigit(c) && c < 0x80 || ".-_:[]".indexOf(c) >= 0 ? (char) c : '_'));
        return name.length() == 0 ? "unknown" : name.toString();
    }

    /** RFC 5321 allows (and asks servers to ignore) a source route: {@code @relay1,@relay2:user@domain}. */
    private static String stripSourceRoute(String address) {
        int colon = address.indexOf(':');
        return address.startsWith("@") && colon > 0 ? address.substring(colon + 1) : address;
    }
}
