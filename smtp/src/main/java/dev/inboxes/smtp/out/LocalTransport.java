package dev.inboxes.smtp.out;

import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.outbound.MailTransport;
import dev.inboxes.domain.outbound.TransportReply;
import dev.inboxes.smtp.InboxIntake;
import dev.inboxes.smtp.SmtpConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;

/**
 * Delivers mail to the service's own mail domain straight into the inbox, through the same checks, parser and
 * store as mail received over SMTP ({@link InboxIntake}), and answers as the SMTP receiver would: {@code 250} once
 * stored, {@code 550 5.1.1} for an unknown inbox, {@code 552 5.3.4} over the receiver's size limit, {@code 451}
 * when the lookup or the store fails (the outbox retries).
 */
@Singleton
public class LocalTransport implements MailTransport {

    private final InboxIntake intake;
    private final long maxMessageSize;
    private final String hostname;
    private final Clock clock;

    @Inject
    public LocalTransport(MailDelivery delivery, SmtpConfig config, Clock clock) {
        this(new InboxIntake(delivery), config.maxMessageSize().asLongValue(),
                config.hostname().orElse(delivery.mailDomain()), clock);
    }

    public LocalTransport(InboxIntake intake, long maxMessageSize, String hostname, Clock clock) {
        this.intake = intake;
        this.maxMessageSize = maxMessageSize;
        this.hostname = hostname;
        this.clock = clock;
    }

    @Override
    public TransportReply send(String envelopeSender, String recipient, byte[] raw) {
        if (raw.length > maxMessageSize) {
            return replyOf(InboxIntake.tooBig(maxMessageSize));
        }
        InboxIntake.RecipientOutcome outcome = intake.recipient(recipient);
        if (outcome.refusal() != null) {
            return replyOf(outcome.refusal());
        }
        return replyOf(intake.store(envelopeSender, List.of(outcome.accepted()), raw,
                InboxIntake.localTrace(hostname, outcome.accepted().address(), clock.instant())));
    }

    private static TransportReply replyOf(InboxIntake.Reply reply) {
        return new TransportReply(reply.code(), reply.text());
    }
}
