package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.outbound.Bounces;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.shared.MemoryBudget;
import dev.inboxes.domain.testing.InMemorySuppressionStore;
import dev.inboxes.domain.testing.OneInboxDirectory;
import dev.inboxes.domain.testing.SentMail;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.subethamail.smtp.server.SMTPServer;

/**
 * Reports sent over SMTP to a delivery's envelope sender, through the receiver's own transaction and DATA command,
 * against the domain's in-memory stores: a report changes the delivery and is never stored as a message.
 */
class BounceReceptionTest {

    private static final String DOMAIN = SentMail.DOMAIN;
    private static final String ACCOUNT = SentMail.ACCOUNT;

    private final Clock clock = Clock.systemUTC();
    private final SentMail mail = new SentMail(clock);
    private final InMemorySuppressionStore suppressions = mail.suppressions;
    private final Inbox inbox = mail.inbox;
    private final MailDelivery delivery = new MailDelivery(new OneInboxDirectory(ACCOUNT, inbox), mail.messages,
            DOMAIN, clock);
    private final Bounces bounces = new Bounces(mail.outbox, suppressions, DOMAIN, clock);
    private SMTPServer server;

    @BeforeEach
    void start() {
        SmtpReceiver.Limits limits = new SmtpReceiver.Limits(10 * 1024 * 1024, Duration.ofSeconds(30), DOMAIN,
                new AtomicBoolean(), new AtomicInteger(), new MemoryBudget(64L * 1024 * 1024));
        server = SMTPServer.port(0).hostName(DOMAIN)
                .messageHandlerFactory(context -> new MailTransaction(context, delivery, bounces, limits, clock))
                .insertReceivedHeaders(false)
                .build();
        server.getCommandHandler().addCommand(new DataCommand());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private long storedMessages() {
        return mail.messages.page(inbox.id(), dev.inboxes.domain.message.MessageFilter.parse(null), null, 100, true)
                .total().orElseThrow();
    }

    private List<String> send(String sender, List<String> recipients, String message) throws IOException {
        return SmtpSession.send(server.getPortAllocated(), sender, recipients, message, StandardCharsets.ISO_8859_1);
    }

    @Test
    void aHardBounceOverSmtpBouncesTheSentDeliverySuppressesItsRecipientAndStoresNoMessage() throws IOException {
        Delivery sent = mail.sentTo("Bob@Example.com");
        long before = storedMessages();

        List<String> replies = send("", List.of("bounces+" + sent.id() + "@inboxes.test"),
                SentMail.report("bob@example.com", "failed", "5.1.1", "550 5.1.1 <bob@example.com>: Recipient address rejected"));

        assertThat(replies).containsExactly("250 Ok", "250 Ok", "354 End data with <CR><LF>.<CR><LF>",
                "250 2.0.0 Ok: delivery report recorded");
        Delivery bounced = mail.delivery(sent.messageId());
        assertThat(bounced.status()).isEqualTo(DeliveryStatus.BOUNCED);
        assertThat(bounced.smtpReply()).isEqualTo("bounced after delivery (report 5.1.1): 550 5.1.1 "
                + "<bob@example.com>: Recipient address rejected");
        assertThat(suppressions.suppressedAmong(ACCOUNT, List.of("bob@example.com"))).containsExactly(
                "bob@example.com");
        assertThat(suppressions.page(ACCOUNT, null, 10, false).rows()).extracting(Suppression::reason)
                .containsExactly(Suppression.HARD_BOUNCE);
        assertThat(storedMessages()).as("the report is no message").isEqualTo(before);
    }

    @Test
    void aDelayOrATemporaryFailureSuppressesNothing() throws IOException {
        Delivery delayed = mail.sentTo("carol@example.com");
        Delivery failed = mail.sentTo("dave@example.com");

        assertThat(send("", List.of("bounces+" + delayed.id() + "@inboxes.test"),
                SentMail.report("carol@example.com", "delayed", "4.4.7", "421 try again later"))).last()
                .isEqualTo("250 2.0.0 Ok: delivery report recorded");
        assertThat(send("", List.of("bounces+" + failed.id() + "@inboxes.test"),
                SentMail.report("dave@example.com", "failed", "4.4.7", "421 gave up"))).last()
                .isEqualTo("250 2.0.0 Ok: delivery report recorded");

        assertThat(mail.delivery(delayed.messageId()).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(mail.delivery(failed.messageId()).status()).isEqualTo(DeliveryStatus.BOUNCED);
        assertThat(suppressions.page(ACCOUNT, null, 10, false).rows()).isEmpty();
    }

    @Test
    void onlyADeliveryIdShapedTokenIsAcceptedAndAReportForAnUnknownDeliveryIsDropped() throws IOException {
        List<String> refused = send("", List.of("bounces+nonsense@inboxes.test",
                "bounces+dlv_A1b2C3d4E5f6G7h8I9j@inboxes.test", "bounces@inboxes.test"), "Subject: x\r\n\r\nx");
        assertThat(refused.subList(1, 4)).allSatisfy(reply -> assertThat(reply).startsWith("550 5.1.1"));

        List<String> unknown = send("", List.of("bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test"),
                SentMail.report("bob@example.com", "failed", "5.1.1", "550 no such user"));
        assertThat(unknown).last().isEqualTo("250 2.0.0 Ok: report for an unknown delivery, dropped");
        assertThat(suppressions.page(ACCOUNT, null, 10, false).rows()).isEmpty();
    }

    @Test
    void anAutoReplyToABounceAddressIsDroppedAndMailForTheInboxBesideItIsStored() throws IOException {
        Delivery sent = mail.sentTo("bob@example.com");
        long before = storedMessages();

        List<String> replies = send("bob@example.com", List.of("bounces+" + sent.id() + "@inboxes.test"),
                "From: bob@example.com\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nBack Monday.\r\n");
        assertThat(replies).last().isEqualTo("250 2.0.0 Ok: not a delivery status report, dropped");
        assertThat(mail.delivery(sent.messageId()).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(storedMessages()).isEqualTo(before);

        List<String> both = send("", List.of("bounces+" + sent.id() + "@inboxes.test", inbox.address()),
                SentMail.report("bob@example.com", "failed", "5.1.1", "550 gone"));
        assertThat(both).last().isEqualTo("250 2.0.0 Ok: stored for 1 inbox");
        assertThat(storedMessages()).as("the inbox's copy").isEqualTo(before + 1);
        assertThat(mail.delivery(sent.messageId()).status()).isEqualTo(DeliveryStatus.BOUNCED);
    }

    @Test
    void hostileReportsGetA250AndChangeNothing() throws IOException {
        Delivery sent = mail.sentTo("bob@example.com");
        String bounceAddress = "bounces+" + sent.id() + "@inboxes.test";
        StringBuilder deep = new StringBuilder("Content-Type: multipart/report; boundary=\"b0\"\r\n\r\n");
        for (int i = 1; i < 5_000; i++) {
            deep.append("--b").append(i - 1).append("\r\nContent-Type: multipart/mixed; boundary=\"b").append(i)
                    .append("\"\r\n\r\n");
        }
        String garbageStatus = "Content-Type: multipart/report; report-type=delivery-status; boundary=\"G\"\r\n\r\n"
                + "--G\r\nContent-Type: message/delivery-status\r\n\r\n"
                + ("Action: failed\r\n\tStatus: 5.1.1\r\n:::\r\n" + "x".repeat(2_000) + "\r\n").repeat(500)
                + "--G--\r\n";
        String manyRecipients = "Content-Type: multipart/report; report-type=delivery-status; boundary=\"M\"\r\n\r\n"
                + "--M\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\n"
                + "Action: delayed\r\nStatus: 4.0.0\r\n\r\n".repeat(50_000) + "--M--\r\n";
        String otherReport = "Content-Type: multipart/report; report-type=disposition-notification; boundary=\"D\"\r\n"
                + "\r\n--D\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\n"
                + "Final-Recipient: rfc822; bob@example.com\r\nAction: failed\r\nStatus: 5.1.1\r\n\r\n--D--\r\n";
        String cutShort = "Content-Type: multipart/report; report-type=delivery-status; boundary=\"C\"\r\n\r\n"
                + "--C\r\nContent-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!!";

        for (String hostile : List.of(deep.toString(), garbageStatus, manyRecipients, otherReport, cutShort, "",
                "\u0000\u00ff\r\n\r\n")) {
            List<String> replies = send("", List.of(bounceAddress), hostile);
            assertThat(replies).last().asString().startsWith("250 2.0.0 Ok");
        }
        assertThat(mail.delivery(sent.messageId()).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(suppressions.page(ACCOUNT, null, 10, false).rows()).isEmpty();
    }
}
