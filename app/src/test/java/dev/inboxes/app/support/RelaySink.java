package dev.inboxes.app.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.subethamail.smtp.MessageHandler;
import org.subethamail.smtp.RejectException;
import org.subethamail.smtp.server.SMTPServer;

/**
 * A real SMTP server on loopback that the app relays its outbound mail to (the smarthost a deployment configures),
 * keeping every message it accepts with its envelope. Recipients at {@link #REJECTING} are refused 550 and those at
 * {@link #DEFERRING} 451, as a remote server does.
 */
public class RelaySink implements QuarkusTestResourceLifecycleManager {

    public static final String REJECTING = "rejects.example";
    public static final String DEFERRING = "defers.example";

    /** One message as the relay received it. */
    public record Received(String envelopeSender, List<String> recipients, byte[] raw) {

        public String text() {
            return new String(raw, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static final BlockingQueue<Received> RECEIVED = new LinkedBlockingQueue<>();
    private SMTPServer server;

    @Override
    public Map<String, String> start() {
        server = SMTPServer.port(0)
                .bindAddress(InetAddress.getLoopbackAddress())
                .hostName("relay.test")
                .messageHandlerFactory(context -> new Sink())
                .build();
        server.start();
        return Map.of("inboxes.smtp.relay.host", "127.0.0.1",
                "inboxes.smtp.relay.port", String.valueOf(server.getPortAllocated()),
                "inboxes.smtp.relay.tls", "none",
                "inboxes.outbound.poll-every", "0.2S");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }

    /** The next message the relay accepted, waiting up to {@code timeout}. */
    public static Received next(Duration timeout) throws InterruptedException {
        Received received = RECEIVED.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (received == null) {
            throw new AssertionError("The relay received no message within " + timeout);
        }
        return received;
    }

    /** Forgets what arrived so far, so a test reads its own messages. */
    public static void clear() {
        RECEIVED.clear();
    }

    private static final class Sink implements MessageHandler {

        private String sender;
        private final List<String> recipients = new ArrayList<>();

        @Override
        public void from(String from) {
            sender = from;
        }

        @Override
        public void recipient(String recipient) throws RejectException {
            if (recipient.endsWith("@" + REJECTING)) {
                throw new RejectException(550, "5.1.1 No such user here");
            }
            if (recipient.endsWith("@" + DEFERRING)) {
                throw new RejectException(451, "4.3.0 Try again later");
            }
            recipients.add(recipient);
        }

        @Override
        public String data(InputStream data) throws IOException {
            ByteArrayOutputStream raw = new ByteArrayOutputStream();
            data.transferTo(raw);
            RECEIVED.add(new Received(sender, List.copyOf(recipients), raw.toByteArray()));
            return null;
        }

        @Override
        public void done() {
        }
    }
}
