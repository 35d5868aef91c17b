package dev.inboxes.smtp.out;

import static dev.inboxes.smtp.out.SignedTestMail.RECIPIENT;
import static dev.inboxes.smtp.out.SignedTestMail.SENDER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.TransportReply;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.subethamail.smtp.server.SMTPServer;

/** The relay client over STARTTLS and implicit TLS, against a loopback server with a self-signed certificate. */
class RelayTlsTest {

    @TempDir
    static Path directory;
    private static SelfSignedCertificate certificate;

    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    private RelaySink sink;

    @BeforeAll
    static void makeCertificate() throws Exception {
        certificate = SelfSignedCertificate.forHost("localhost", directory);
    }

    @AfterEach
    void stop() {
        if (sink != null) {
            sink.close();
        }
    }

    @Test
    void starttlsSendsOverTlsWhenTheRelayDemandsIt() throws Exception {
        assertSentTrusted(builder -> builder.enableTLS().requireTLS()
                .startTlsSocketFactory(certificate.serverContext()), RelayConfig.Tls.STARTTLS);
    }

    @Test
    void implicitTlsSendsFromTheFirstByte() throws Exception {
        assertSentTrusted(builder -> builder.serverSocketFactory(certificate.serverContext()),
                RelayConfig.Tls.IMPLICIT);
    }

    /** A relay set up by {@code server}, whose certificate the client trusts, receives the message unchanged. */
    private void assertSentTrusted(Consumer<SMTPServer.Builder> server, RelayConfig.Tls tls) throws Exception {
        sink = new RelaySink(server);
        byte[] raw = signedMessage();

        TransportReply reply = trusting(TestRelayConfig.plain(sink.port()).host("localhost").tls(tls))
                .send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).singleElement().satisfies(received -> assertThat(received.data()).isEqualTo(raw));
    }

    @Test
    void anUntrustedCertificateSendsNothingAndIsRetried() throws Exception {
        sink = new RelaySink(builder -> builder.enableTLS().startTlsSocketFactory(certificate.serverContext()));

        TransportReply reply = new RelayTransport(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.STARTTLS), Optional.empty()).send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isZero();
        assertThat(sink.received).isEmpty();
    }

    @Test
    void aCertificateForAnotherNameIsRefused() throws Exception {
        SelfSignedCertificate other = SelfSignedCertificate.forHost("other.example", directory);
        sink = new RelaySink(builder -> builder.enableTLS().startTlsSocketFactory(other.serverContext()));

        TransportReply reply = new RelayTransport(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.STARTTLS), Optional.of(other.clientContext().getSocketFactory()))
                .send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isZero();
        assertThat(sink.received).isEmpty();
    }

    private static RelayTransport trusting(RelayConfig config) throws Exception {
        return new RelayTransport(config, Optional.of(certificate.clientContext().getSocketFactory()));
    }

    private byte[] signedMessage() {
        return SignedTestMail.compose(keys, null, "Over TLS", "Hello.", "<tls-1@inboxes.test>");
    }
}
