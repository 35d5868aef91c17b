package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.TransportReply;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * STARTTLS to an exchanger whose certificate no one vouches for and whose name it does not carry, as many MX
 * certificates are: both TLS modes still send, encrypted (the certificate is not checked, see MxConfig#starttls).
 */
class MxTlsTest {

    private static final String SENDER = "bounces+d1@inboxes.test";
    private static final String RECIPIENT = "alice@example.com";

    @TempDir
    static Path directory;
    private static SelfSignedCertificate certificate;

    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    private LoopbackDnsServer dns;
    private RelaySink sink;

    @BeforeAll
    static void makeCertificate() throws Exception {
        certificate = SelfSignedCertificate.forHost("some-other-name.example", directory);
    }

    @BeforeEach
    void startDns() throws Exception {
        dns = new LoopbackDnsServer();
        dns.mx("example.com", 10, "mx1.example.com").a("mx1.example.com", "127.0.0.1");
    }

    @AfterEach
    void stop() {
        dns.close();
        if (sink != null) {
            sink.close();
        }
    }

    @Test
    void requiredStarttlsSendsOverTlsToAnExchangerThatDemandsIt() {
        sink = new RelaySink(builder -> builder.enableTLS().requireTLS().startTlsSocketFactory(serverContext()));
        byte[] raw = signedMessage();

        TransportReply reply = new MxTransport(TestMxConfig.asking(dns, sink.port())
                .starttls(MxConfig.Starttls.REQUIRED)).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).singleElement().satisfies(received -> assertThat(received.data()).isEqualTo(raw));
    }

    @Test
    void opportunisticStarttlsUsesTlsWhenOffered() {
        // requireTLS: the sink refuses MAIL FROM in plain text, so a 250 means the session was encrypted
        sink = new RelaySink(builder -> builder.enableTLS().requireTLS().startTlsSocketFactory(serverContext()));

        TransportReply reply = new MxTransport(TestMxConfig.asking(dns, sink.port()))
                .send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).hasSize(1);
    }

    @Test
    void opportunisticStarttlsSendsInPlainTextWhenNotOffered() {
        sink = new RelaySink(builder -> { });

        TransportReply reply = new MxTransport(TestMxConfig.asking(dns, sink.port()))
                .send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).hasSize(1);
    }

    private static SSLContext serverContext() {
        try {
            return certificate.serverContext();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private byte[] signedMessage() {
        return new MimeComposer(keys, Clock.systemUTC()).compose(new OutgoingMail("support-bot@inboxes.test", null,
                List.of(RECIPIENT), List.of(), List.of(), null, "Over TLS", "Hello.", null, List.of(), null,
                "<mx-tls-1@inboxes.test>", null, List.of(), Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60)));
    }
}
