package dev.inboxes.domain.testing;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryAttempt;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.MailBody;
import dev.inboxes.domain.outbound.OutboundMessage;
import dev.inboxes.domain.outbound.OutboundService;
import dev.inboxes.domain.outbound.OutboundSettings;
import dev.inboxes.domain.outbound.SendRequest;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * One account's inbox that has sent mail, over the in-memory stores: the state in which reports about that mail
 * come back. Deliveries are left as the worker leaves them after the next hop's 250.
 */
public final class SentMail {

    public static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    public static final String DOMAIN = "inboxes.test";
    /** The sent message, as a report may quote it back. */
    public static final String SUBJECT = "Order";
    public static final String TEXT = "It ships today.";

    public final InMemoryMessageStore messages;
    public final InMemoryOutboxStore outbox;
    public final InMemorySuppressionStore suppressions = new InMemorySuppressionStore();
    public final CursorCodec cursors = new CursorCodec(CursorKeys.of("sent-mail-test-secret-0123456789abcdefghij",
            List.of()));
    /** The inbox that sent the mail. */
    public final Inbox inbox;
    private final Clock clock;
    private final OutboundService outbound;

    public SentMail(Clock clock) {
        this.clock = clock;
        InMemoryInboxStore inboxStore = new InMemoryInboxStore();
        messages = new InMemoryMessageStore(inboxStore);
        outbox = new InMemoryOutboxStore(inboxStore, messages);
        InboxService inboxes = new InboxService(inboxStore, cursors, DOMAIN, clock);
        outbound = new OutboundService(inboxes, new MessageService(messages, inboxes, cursors, clock), outbox,
                suppressions, mail -> ("Subject: " + mail.subject() + "\r\n\r\n" + mail.text())
                .getBytes(StandardCharsets.UTF_8), new OutboundSettings(DOMAIN, true, "no route", 100), clock);
        inbox = inboxes.create(ACCOUNT, CreateInbox.of("support", null), null).inbox();
    }

    /** One message sent from the inbox to the recipient, and its delivery once the next hop took it. */
    public Delivery sentTo(String recipient) {
        OutboundMessage message = outbound.send(ACCOUNT, inbox.id(), SendRequest.of(List.of(recipient), null, null,
                SUBJECT, null, MailBody.of(TEXT, null, null, true)), null);
        for (DueDelivery due : outbox.claimDue(clock.instant(), Duration.ofMinutes(5), 10)) {
            outbox.record(due, new DeliveryAttempt(clock.instant(), "250 2.0.0 OK", Duration.ZERO),
                    DeliveryStatus.SENT, null);
        }
        return delivery(message.message().row().id());
    }

    /** The one delivery of a sent message, as it is now. */
    public Delivery delivery(String messageId) {
        return outbox.deliveriesOf(ACCOUNT, List.of(messageId)).get(messageId).get(0);
    }

    /**
     * A delivery status notification for one recipient of a message sent here, as a remote MTA sends it back: a
     * multipart/report with the human part, the status block and the original message.
     */
    public static String report(String recipient, String action, String status, String diagnostic) {
        return "From: MAILER-DAEMON@mx.example.com\r\n"
                + "To: bounces@inboxes.test\r\n"
                + "Subject: Undelivered Mail Returned to Sender\r\n"
                + "MIME-Version: 1.0\r\n"
                + "Content-Type: multipart/report; report-type=delivery-status;\r\n"
                + "\tboundary=\"B0UND\"\r\n"
                + "\r\n"
                + "--B0UND\r\n"
                + "Content-Type: text/plain\r\n"
                + "\r\n"
                + "I'm sorry to have to inform you that your message could not be delivered.\r\n"
                + "--B0UND\r\n"
                + "Content-Type: message/delivery-status\r\n"
                + "\r\n"
                + "Reporting-MTA: dns; mx.example.com\r\n"
                + "Arrival-Date: Thu, 3 Dec 2026 10:00:00 +0000\r\n"
                + "\r\n"
                + "Final-Recipient: rfc822; " + recipient + "\r\n"
                + "Original-Recipient: rfc822;" + recipient + "\r\n"
                + "Action: " + action + "\r\n"
                + "Status: " + status + "\r\n"
                + "Diagnostic-Code: smtp; " + diagnostic + "\r\n"
                + "\r\n"
                + "--B0UND\r\n"
                + "Content-Type: message/rfc822\r\n"
                + "\r\n"
                + "Subject: " + SUBJECT + "\r\n"
                + "\r\n"
                + TEXT + "\r\n"
                + "--B0UND--\r\n";
    }
}
