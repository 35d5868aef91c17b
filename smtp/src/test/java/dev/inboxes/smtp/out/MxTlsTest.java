package dev.inboxes.smtp.out;

import static dev.inboxes.smtp.out.SignedTestMail.RECIPIENT;
import static dev.inboxes.smtp.out.SignedTestMail.SENDER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.TransportReply;
import java.nio.file.Path;
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
        sink = new RelaySink(builder -> builder.enableTLS().requireTLS()
                .startTlsSocketFactory(certificate.serverContext()));
        byte[] raw = signedMessage();

        TransportReply reply = new MxTransport(TestMxConfig.asking(dns, sink.port())
                .starttls(MxConfig.Starttls.REQUIRED)).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).singleElement().satisfies(received -> assertThat(received.data()).isEqualTo(raw));
    }

    @Test
    void opportunisticStarttlsUsesTlsWhenOffered() {
        // requireTLS: the sink refuses MAIL FROM in plain text, so a 250 means the session was encrypted
        sink = new RelaySink(builder -> builder.enableTLS().requireTLS()
                .startTlsSocketFactory(certificate.serverContext()));

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

    private byte[] signedMessage() {
        return SignedTestMail.compose(keys, null, "Over TLS", "Hello.", "<mx-tls-1@inboxes.test>");
    }
}
