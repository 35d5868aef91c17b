package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.TransportReply;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relay client over STARTTLS and implicit TLS, against a loopback server with a self-signed certificate. */
class RelayTlsTest {

    private static final String SENDER = "bounces+d1@inboxes.test";
    private static final String RECIPIENT = "alice@example.com";

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
        sink = new RelaySink(builder -> builder.enableTLS().requireTLS()
                .startTlsSocketFactory(serverContext()));
        byte[] raw = signedMessage();

        TransportReply reply = trusting(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.STARTTLS)).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).singleElement().satisfies(received -> assertThat(received.data()).isEqualTo(raw));
    }

    @Test
    void implicitTlsSendsFromTheFirstByte() throws Exception {
        sink = new RelaySink(builder -> builder.serverSocketFactory(serverContext()));
        byte[] raw = signedMessage();

        TransportReply reply = trusting(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.IMPLICIT)).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(sink.received).singleElement().satisfies(received -> assertThat(received.data()).isEqualTo(raw));
    }

    @Test
    void anUntrustedCertificateSendsNothingAndIsRetried() throws Exception {
        sink = new RelaySink(builder -> builder.enableTLS().startTlsSocketFactory(serverContext()));

        TransportReply reply = new RelayTransport(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.STARTTLS), Optional.empty()).send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isZero();
        assertThat(sink.received).isEmpty();
    }

    @Test
    void aCertificateForAnotherNameIsRefused() throws Exception {
        SelfSignedCertificate other = SelfSignedCertificate.forHost("other.example", directory);
        sink = new RelaySink(builder -> {
            try {
                builder.enableTLS().startTlsSocketFactory(other.serverContext());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        TransportReply reply = new RelayTransport(TestRelayConfig.plain(sink.port()).host("localhost")
                .tls(RelayConfig.Tls.STARTTLS), Optional.of(other.clientContext().getSocketFactory()))
                .send(SENDER, RECIPIENT, signedMessage());

        assertThat(reply.code()).isZero();
        assertThat(sink.received).isEmpty();
    }

    private static javax.net.ssl.SSLContext serverContext() {
        try {
            return certificate.serverContext();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RelayTransport trusting(RelayConfig config) throws Exception {
        return new RelayTransport(config, Optional.of(certificate.clientContext().getSocketFactory()));
    }

    private byte[] signedMessage() {
        return new MimeComposer(keys, Clock.systemUTC()).compose(new OutgoingMail("support-bot@inboxes.test", null,
                List.of(RECIPIENT), List.of(), List.of(), null, "Over TLS", "Hello.", null, List.of(), null,
                "<tls-1@inboxes.test>", null, List.of(), Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60)));
    }
}
