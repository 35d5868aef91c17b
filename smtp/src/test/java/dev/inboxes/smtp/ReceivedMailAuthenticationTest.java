package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AutoClose;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.message.Authentication;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.outbound.Bounces;
import dev.inboxes.domain.outbound.MailDomains;
import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.SigningKeys;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.shared.MemoryBudget;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.domain.testing.OneInboxDirectory;
import dev.inboxes.domain.testing.InMemoryMessageStore;
import dev.inboxes.domain.testing.InMemoryOutboxStore;
import dev.inboxes.domain.testing.InMemorySuppressionStore;
import dev.inboxes.smtp.auth.AuthDns;
import dev.inboxes.smtp.auth.MessageAuthenticator;
import dev.inboxes.smtp.out.InMemorySigningKeys;
import dev.inboxes.smtp.out.LoopbackDnsServer;
import dev.inboxes.smtp.out.MimeComposer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.subethamail.smtp.server.SMTPServer;

/**
 * The checks at receipt through the receiver itself: a real SMTP client on loopback, the receiver's transaction,
 * a real DNS server on loopback and the in-memory stores. The stored message carries the results and its raw bytes
 * the Authentication-Results header; DNS that never answers still gets the message stored and a {@code 250} within
 * the budget; and the service's own outbound mail, signed as it goes out, verifies against the records it asks its
 * operator to publish.
 */
class ReceivedMailAuthenticationTest {

    private static final String DOMAIN = "inboxes.test";
    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final Duration BUDGET = Duration.ofMillis(1500);

    private final Clock clock = Clock.systemUTC();
    private final InMemoryInboxStore inboxStore = new InMemoryInboxStore();
    private final InMemoryMessageStore messageStore = new InMemoryMessageStore(inboxStore);
    private final InboxService inboxes = new InboxService(inboxStore, new CursorCodec(
            CursorKeys.of("received-auth-test-secret-0123456789abcdef", List.of())), DOMAIN, clock);
    private final Inbox inbox = inboxes.create(ACCOUNT, CreateInbox.of("agent", null), null).inbox();
    private final MailDelivery delivery = new MailDelivery(new OneInboxDirectory(ACCOUNT, inbox), messageStore, DOMAIN,
            clock);
    private final InMemoryOutboxStore outbox = new InMemoryOutboxStore(inboxStore, messageStore);
    private final Bounces bounces = new Bounces(outbox, new InMemorySuppressionStore(), DOMAIN, clock);
    @AutoClose
    private final OpenResources open = new OpenResources();
    private SMTPServer server;

    private void receiver(LoopbackDnsServer dns) {
        MessageAuthenticator authenticator = new MessageAuthenticator(new AuthDns(List.of(dns.address()), BUDGET),
                BUDGET, "mx." + DOMAIN);
        SmtpReceiver.Limits limits = new SmtpReceiver.Limits(10 * 1024 * 1024, Duration.ofSeconds(30), "mx." + DOMAIN,
                new AtomicBoolean(), new AtomicInteger(), new MemoryBudget(64L * 1024 * 1024));
        server = SMTPServer.port(0).hostName("mx." + DOMAIN)
                .messageHandlerFactory(context -> new MailTransaction(context, delivery, bounces, limits, clock,
                        authenticator))
                .insertReceivedHeaders(false)
                .build();
        server.getCommandHandler().addCommand(new DataCommand());
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private LoopbackDnsServer dns() throws IOException {
        return open.add(new LoopbackDnsServer());
    }

    @Test
    void theServicesOwnOutboundMailVerifiesAgainstItsPublishedRecords() throws Exception {
        InMemorySigningKeys keyStore = new InMemorySigningKeys();
        SigningKeys keys = new SigningKeys(keyStore, clock);
        LoopbackDnsServer dns = dns();
        // What GET /v1/domains asks the operator to publish, and the MX that "v=spf1 mx" names.
        for (MailDomains.DnsRecord record : new MailDomains(keys, DOMAIN).list().get(0).records()) {
            dns.txtSplit(record.name(), record.value());
        }
        dns.mx(DOMAIN, 10, "mx." + DOMAIN).a("mx." + DOMAIN, "127.0.0.1");
        receiver(dns);
        byte[] raw = new MimeComposer(keyStore, clock).compose(new OutgoingMail("support@" + DOMAIN, "Support",
                List.of(inbox.address()), List.of(), List.of(), null, "Your order", "It ships today.", null, List.of(),
                null, "<out-1@" + DOMAIN + ">", null, List.of(), clock.instant()));

        List<String> replies = send("bounces+dlv_1@" + DOMAIN, new String(raw, StandardCharsets.UTF_8));

        assertThat(replies.get(replies.size() - 1)).startsWith("250");
        Authentication auth = onlyMessage().authentication();
        assertThat(auth.spf()).isEqualTo(new Authentication.Spf("pass", DOMAIN));
        assertThat(auth.dkim()).extracting(Authentication.Dkim::result).containsExactly("pass");
        assertThat(auth.dmarc()).isEqualTo(new Authentication.Dmarc("pass", "none", DOMAIN));
        assertThat(auth.verdict()).isEqualTo("pass");
    }

    @Test
    void theResultsAreStoredWithTheMessageItsRowAndItsRawBytes() throws Exception {
        LoopbackDnsServer dns = dns().txt("github.test", "v=spf1 -all").txt("_dmarc.github.test", "v=DMARC1; p=reject");
        receiver(dns);
        String forged = "Authentication-Results: mx.inboxes.test; dmarc=pass header.from=github.test\r\n"
                + "From: GitHub <noreply@github.test>\r\nTo: " + inbox.address() + "\r\nSubject: Reset\r\n"
                + "Message-ID: <spoof-1@x>\r\n\r\nYour code is 123456\r\n";

        List<String> replies = send("noreply@github.test", forged);

        assertThat(replies.get(replies.size() - 1)).startsWith("250");
        MessageDetail stored = onlyMessage();
        assertThat(stored.authentication().verdict()).isEqualTo("fail");
        assertThat(stored.authentication().dmarc()).isEqualTo(new Authentication.Dmarc("fail", "reject", "github.test"));
        assertThat(stored.row().senderVerified()).isFalse();
        Message row = messageStore.page(inbox.id(), MessageFilter.parse(null), null, 10, false).rows().get(0);
        assertThat(row.senderVerified()).isFalse();
        String raw = new String(messageStore.raw(ACCOUNT, inbox.id(), stored.row().id()).orElseThrow(),
                StandardCharsets.UTF_8);
        assertThat(raw).startsWith("Authentication-Results: mx.inboxes.test;\r\n\tspf=fail smtp.mailfrom=github.test;"
                + "\r\n\tdkim=none;\r\n\tdmarc=fail (p=reject) header.from=github.test\r\nReceived: from ");
        assertThat(raw.split("Authentication-Results", -1)).hasSize(2); // the forged claim is gone
    }

    @Test
    void dnsThatNeverAnswersStillStoresTheMessageAnd250sWithinTheBudget() throws Exception {
        LoopbackDnsServer dns = dns();
        dns.silent(true);
        receiver(dns);
        String message = "From: someone@slow.test\r\nTo: " + inbox.address() + "\r\nSubject: Slow\r\n\r\nHello\r\n";

        long start = System.nanoTime();
        List<String> replies = send("someone@slow.test", message);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(replies.get(replies.size() - 1)).startsWith("250");
        assertThat(took).isLessThan(BUDGET.plusMillis(700));
        Authentication auth = onlyMessage().authentication();
        assertThat(auth.spf().result()).isEqualTo("temperror");
        assertThat(auth.dmarc().result()).isEqualTo("temperror");
        assertThat(auth.verdict()).isEqualTo("unknown");
    }

    private MessageDetail onlyMessage() {
        List<Message> rows = messageStore.page(inbox.id(), MessageFilter.parse(null), null, 10, false).rows();
        assertThat(rows).hasSize(1);
        return messageStore.find(ACCOUNT, inbox.id(), rows.get(0).id()).orElseThrow();
    }

    private List<String> send(String sender, String message) throws IOException {
        return SmtpSession.send(server.getPortAllocated(), sender, List.of(inbox.address()), message,
                StandardCharsets.UTF_8);
    }
}
