package dev.inboxes.smtp.out;

import static dev.inboxes.smtp.out.SignedTestMail.RECIPIENT;
import static dev.inboxes.smtp.out.SignedTestMail.SENDER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.TransportReply;
import dev.inboxes.smtp.OpenResources;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.auth.LoginAuthenticationHandlerFactory;
import org.subethamail.smtp.auth.LoginFailedException;
import org.subethamail.smtp.auth.PlainAuthenticationHandlerFactory;
import org.subethamail.smtp.auth.UsernamePasswordValidator;

/** The relay client against a real SMTP server on loopback: what it sends, and how each outcome is answered. */
class RelayTransportTest {

    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    @AutoClose
    private final OpenResources open = new OpenResources();

    @Test
    void theRelayReceivesTheBytesUnchangedWithTheSignatureIntact() throws Exception {
        RelaySink sink = sink(builder -> { });
        byte[] raw = signedMessage();

        TransportReply reply = relay(TestRelayConfig.plain(sink.port())).send(SENDER, RECIPIENT, raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(reply.isAccepted()).isTrue();
        SignedTestMail.assertReceivedUnchanged(sink, raw, keys);
    }

    @Test
    void authPlainLogsIn() {
        List<String> logins = new ArrayList<>();
        RelaySink sink = sink(builder -> builder.requireAuth()
                .authenticationHandlerFactory(new PlainAuthenticationHandlerFactory(validator(logins))));

        TransportReply reply = sendThroughRelay(TestRelayConfig.plain(sink.port()).login("agent", "s3cret"));

        assertThat(reply.code()).isEqualTo(250);
        assertThat(logins).containsExactly("agent");
        assertThat(sink.received).hasSize(1);
    }

    @Test
    void authLoginLogsIn() {
        List<String> logins = new ArrayList<>();
        RelaySink sink = sink(builder -> builder.requireAuth()
                .authenticationHandlerFactory(new LoginAuthenticationHandlerFactory(validator(logins))));

        TransportReply reply = sendThroughRelay(TestRelayConfig.plain(sink.port()).login("agent", "s3cret"));

        assertThat(reply.code()).isEqualTo(250);
        assertThat(logins).containsExactly("agent");
    }

    @Test
    void aRefusedLoginIsRetriedNotBounced() {
        RelaySink sink = sink(builder -> builder.requireAuth()
                .authenticationHandlerFactory(new PlainAuthenticationHandlerFactory(validator(new ArrayList<>()))));

        TransportReply reply = sendThroughRelay(TestRelayConfig.plain(sink.port()).login("agent", "wrong"));

        assertThat(reply.code()).isZero();
        assertThat(reply.isPermanent()).isFalse();
        assertThat(reply.text()).contains("refused the login of agent").contains("INBOXES_SMTP_RELAY_PASSWORD");
        assertThat(sink.received).isEmpty();
    }

    @Test
    void aRecipientRefusedWith550IsPermanent() {
        RelaySink sink = sink(builder -> { });
        sink.refuseRecipient = new RejectException(550, "5.1.1 <alice@example.com>: no such user");

        TransportReply reply = sendThroughRelay(sink.port());

        assertThat(reply.code()).isEqualTo(550);
        assertThat(reply.isPermanent()).isTrue();
        assertThat(reply.text()).isEqualTo("5.1.1 <alice@example.com>: no such user");
        assertThat(reply.display()).isEqualTo("550 5.1.1 <alice@example.com>: no such user");
    }

    @Test
    void aRecipientRefusedWith451IsTemporary() {
        RelaySink sink = sink(builder -> { });
        sink.refuseRecipient = new RejectException(451, "4.7.1 greylisted, try again later");

        TransportReply reply = sendThroughRelay(sink.port());

        assertThat(reply.code()).isEqualTo(451);
        assertThat(reply.isPermanent()).isFalse();
        assertThat(reply.isAccepted()).isFalse();
        assertThat(reply.text()).isEqualTo("4.7.1 greylisted, try again later");
    }

    @Test
    void aMessageRefusedAfterDataKeepsTheRelaysCode() {
        RelaySink sink = sink(builder -> { });
        sink.refuseData = new RejectException(452, "4.3.1 Insufficient system storage");

        TransportReply reply = sendThroughRelay(sink.port());

        assertThat(reply.code()).isEqualTo(452);
        assertThat(reply.text()).isEqualTo("4.3.1 Insufficient system storage");
    }

    @Test
    void aClosedPortIsUnreachable() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }

        TransportReply reply = sendThroughRelay(port);

        assertThat(reply.code()).isZero();
        assertThat(reply.text()).startsWith("Cannot reach the relay 127.0.0.1:" + port);
    }

    @Test
    void aRelayThatNeverAnswersTimesOutWithinTheBound() throws IOException {
        ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        open.add(silent);
        List<Socket> accepted = new ArrayList<>();
        Thread acceptor = new Thread(() -> {
            try {
                accepted.add(silent.accept()); // and never a greeting
            } catch (IOException closed) {
                // the test is over
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        RelayTransport relay = relay(TestRelayConfig.plain(silent.getLocalPort())
                .readTimeout(Duration.ofMillis(500)));

        long started = System.nanoTime();
        TransportReply reply = relay.send(SENDER, RECIPIENT, signedMessage());
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(reply.code()).isZero();
        assertThat(reply.text()).startsWith("No answer from the relay");
        assertThat(took).isLessThan(Duration.ofSeconds(3));
    }

    @Test
    void aBusyGreetingIsTemporaryWithTheRelaysCode() throws IOException {
        ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        open.add(busy);
        Thread greeter = new Thread(() -> {
            try (Socket client = busy.accept()) {
                client.getOutputStream().write("421 4.3.2 relay.test too busy, try later\r\n".getBytes());
                client.getOutputStream().flush();
            } catch (IOException closed) {
                // the test is over
            }
        });
        greeter.setDaemon(true);
        greeter.start();

        TransportReply reply = relay(TestRelayConfig.plain(busy.getLocalPort())).send(SENDER, RECIPIENT,
                signedMessage());

        assertThat(reply.code()).isEqualTo(421);
        assertThat(reply.text()).isEqualTo("4.3.2 relay.test too busy, try later");
        assertThat(reply.isPermanent()).isFalse();
    }

    @Test
    void anUnreadableRecipientIsPermanentAndNothingIsSent() {
        RelaySink sink = sink(builder -> { });

        TransportReply reply = relay(TestRelayConfig.plain(sink.port())).send(SENDER, "alice@@example.com>",
                signedMessage());

        assertThat(reply.code()).isEqualTo(553);
        assertThat(reply.isPermanent()).isTrue();
        assertThat(sink.received).isEmpty();
    }

    @Test
    void withoutARelayHostNothingIsSentAndTheSettingIsNamed() {
        TransportReply reply = sendThroughRelay(TestRelayConfig.plain(25).noHost());

        assertThat(reply.code()).isZero();
        assertThat(reply.text()).contains("INBOXES_SMTP_RELAY_HOST");
    }

    @Test
    void starttlsRequiredRefusesARelayWithoutIt() {
        RelaySink sink = sink(builder -> { });

        TransportReply reply = sendThroughRelay(TestRelayConfig.plain(sink.port()).tls(RelayConfig.Tls.STARTTLS));

        assertThat(reply.isAccepted()).isFalse();
        assertThat(reply.isPermanent()).isFalse();
        assertThat(sink.received).isEmpty();
    }

    private RelaySink sink(java.util.function.Consumer<org.subethamail.smtp.server.SMTPServer.Builder> customizer) {
        return open.add(new RelaySink(customizer));
    }

    /** A signed message to the recipient, through a relay on loopback at {@code port} that asks for no login. */
    private TransportReply sendThroughRelay(int port) {
        return sendThroughRelay(TestRelayConfig.plain(port));
    }

    private TransportReply sendThroughRelay(RelayConfig config) {
        return relay(config).send(SENDER, RECIPIENT, signedMessage());
    }

    private static RelayTransport relay(RelayConfig config) {
        return new RelayTransport(config, Optional.empty());
    }

    private static UsernamePasswordValidator validator(List<String> logins) {
        return (username, password, context) -> {
            if (!"agent".equals(username) || !"s3cret".equals(password)) {
                throw new LoginFailedException();
            }
            logins.add(username);
        };
    }

    /** A signed message with a line that starts with a dot, which SMTP must stuff and unstuff. */
    private byte[] signedMessage() {
        return SignedTestMail.compose(keys, "Support", "Dots", "Hello,\n.\n..two dots\n.end\n",
                "<relay-1@inboxes.test>");
    }
}
