package dev.inboxes.smtp.out;

import static dev.inboxes.smtp.out.SignedTestMail.RECIPIENT;
import static dev.inboxes.smtp.out.SignedTestMail.SENDER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.TransportReply;
import dev.inboxes.smtp.OpenResources;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.server.SMTPServer;

/**
 * The MX client against a real DNS server and real SMTP servers on loopback. Exchangers that must fail sit on
 * 127.0.0.2 (the whole of 127/8 is loopback), beside the sink on 127.0.0.1, since all share the configured port.
 */
class MxTransportTest {

    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    @AutoClose
    private final OpenResources open = new OpenResources();
    private LoopbackDnsServer dns;

    @BeforeEach
    void startDns() throws Exception {
        dns = open.add(new LoopbackDnsServer());
    }

    @Test
    void deliversThroughTheMxWithTheBytesUnchanged() throws Exception {
        RelaySink sink = sink(builder -> { });
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.1");
        byte[] raw = signedMessage();

        TransportReply reply = mx(TestMxConfig.asking(dns, sink.port())).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        SignedTestMail.assertReceivedUnchanged(sink, raw, keys);
    }

    @Test
    void fallsBackToTheNextMxWhenTheFirstRefusesConnections() {
        RelaySink sink = sink(builder -> { });
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.2")
                .mx("example.com", 20, "mx2.example.com").a("mx2.example.com", "127.0.0.1");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).hasSize(1);
        assertThat(dns.questions).containsSubsequence("mx1.example.com. A", "mx2.example.com. A");
    }

    @Test
    void fallsBackToTheNextMxOnA4xx() {
        RelaySink sink = sink(builder -> { });
        RelaySink greylisting = sink(builder -> builder.port(sink.port())
                .bindAddress(secondLoopback()));
        greylisting.refuseRecipient = new RejectException(451, "4.7.1 greylisted, try again later");
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.2")
                .mx("example.com", 20, "mx2.example.com").a("mx2.example.com", "127.0.0.1");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isEqualTo(250);
        assertThat(greylisting.received).isEmpty();
        assertThat(sink.received).hasSize(1);
    }

    @Test
    void aTemporaryRefusalOfEveryMxIsTheReply() {
        RelaySink greylisting = sink(builder -> builder.bindAddress(secondLoopback()));
        greylisting.refuseRecipient = new RejectException(451, "4.7.1 greylisted, try again later");
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.2");

        TransportReply reply = sendThroughMx(greylisting.port());

        assertThat(reply.code()).isEqualTo(451);
        assertThat(reply.text()).isEqualTo("4.7.1 greylisted, try again later");
    }

    @Test
    void aDomainWithoutMxButWithAnAddressIsItsOwnExchanger() {
        RelaySink sink = sink(builder -> { });
        dns.a("example.com", "127.0.0.1");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).hasSize(1);
        assertThat(dns.questions).containsSubsequence("example.com. MX", "example.com. A");
    }

    @Test
    void aNullMxIsPermanentWithoutConnecting() {
        RelaySink sink = sink(builder -> { });
        dns.nullMx("example.com").a("example.com", "127.0.0.1");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isEqualTo(556);
        assertThat(reply.text()).startsWith("5.1.10");
        assertThat(reply.isPermanent()).isTrue();
        assertThat(dns.questions).containsExactly("example.com. MX");
        assertThat(sink.received).isEmpty();
    }

    @Test
    void anUnknownDomainIsPermanent() {
        TransportReply reply = mx(TestMxConfig.asking(dns, 25)).send(SENDER, "bob@nowhere.example", signedMessage());

        assertThat(reply.code()).isEqualTo(550);
        assertThat(reply.text()).isEqualTo("5.1.2 No such domain: nowhere.example");
        assertThat(reply.isPermanent()).isTrue();
    }

    @Test
    void aDnsServerThatNeverAnswersIsTemporaryWithinTheBound() {
        dns.silent = true;
        MxTransport transport = mx(TestMxConfig.asking(dns, 25).dnsTimeout(Duration.ofMillis(500)));

        long started = System.nanoTime();
        TransportReply reply = transport.send(SENDER, RECIPIENT, signedMessage());
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(reply.code()).isZero();
        assertThat(reply.isPermanent()).isFalse();
        assertThat(reply.text()).startsWith("The DNS lookup of the MX records of example.com failed");
        assertThat(took).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aSilentFirstDnsServerLeavesTimeForTheNextWithinTheBound() throws Exception {
        RelaySink sink = sink(builder -> { });
        LoopbackDnsServer silent = open.add(new LoopbackDnsServer());
        silent.silent = true;
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.1");
        MxTransport transport = mx(TestMxConfig.asking(List.of(silent, dns), sink.port())
                .dnsTimeout(Duration.ofSeconds(2)));

        long started = System.nanoTime();
        TransportReply reply = transport.send(SENDER, RECIPIENT, signedMessage());
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(silent.questions).contains("example.com. MX");
        assertThat(took).isLessThan(Duration.ofSeconds(5)); // three lookups (MX, A, AAAA), each within the bound
    }

    @Test
    void aServfailIsTemporary() {
        dns.failing = true;

        TransportReply reply = mx(TestMxConfig.asking(dns, 25)).send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isZero();
        assertThat(reply.text()).startsWith("The DNS lookup of the MX records of example.com failed")
                .contains("SERVFAIL");
    }

    @Test
    void a550FromTheMxIsPermanentAndNoOtherMxIsTried() {
        RelaySink sink = sink(builder -> { });
        sink.refuseRecipient = new RejectException(550, "5.1.1 <alice@example.com>: no such user");
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.1")
                .mx("example.com", 20, "mx2.example.com").a("mx2.example.com", "127.0.0.1");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isEqualTo(550);
        assertThat(reply.text()).isEqualTo("5.1.1 <alice@example.com>: no such user");
        assertThat(dns.questions).doesNotContain("mx2.example.com. A");
    }

    @Test
    void everyMxUnreachableIsTemporaryAndNamesEach() {
        RelaySink sink = sink(builder -> { });
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.2")
                .mx("example.com", 20, "mx2.example.com");

        TransportReply reply = sendThroughMx(sink.port());

        assertThat(reply.code()).isZero();
        assertThat(reply.text()).startsWith("No mail exchanger of example.com took the message")
                .contains("mx1.example.com [127.0.0.2]").contains("mx2.example.com: no address record");
    }

    @Test
    void requiredStarttlsSkipsAnExchangerWithoutIt() {
        RelaySink sink = sink(builder -> { });
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.1");

        TransportReply reply = mx(TestMxConfig.asking(dns, sink.port()).starttls(MxConfig.Starttls.REQUIRED))
                .send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.isAccepted()).isFalse();
        assertThat(reply.isPermanent()).isFalse();
        assertThat(sink.received).isEmpty();
    }

    /** A signed message to the recipient, through the MX hosts the loopback DNS names, on {@code port}. */
    private TransportReply sendThroughMx(int port) {
        return mx(TestMxConfig.asking(dns, port)).send(SENDER, RECIPIENT, signedMessage());
    }

    private RelaySink sink(Consumer<SMTPServer.Builder> customizer) {
        return open.add(new RelaySink(customizer));
    }

    private static InetAddress secondLoopback() {
        try {
            return InetAddress.getByAddress(new byte[] {127, 0, 0, 2});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MxTransport mx(MxConfig config) {
        return new MxTransport(config);
    }

    private byte[] signedMessage() {
        return SignedTestMail.compose(keys, "Support", "Straight to the MX", "Hello,\n.\n..two dots\n",
                "<mx-1@inboxes.test>");
    }
}
