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
import java.util.Set;
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

        /** The Message-ID header's value, with its angle brackets. */
        public String messageId() {
            java.util.regex.Matcher id = MESSAGE_ID.matcher(text());
            return id.find() ? id.group(1) : "";
        }
    }

    private static final java.util.regex.Pattern MESSAGE_ID = java.util.regex.Pattern.compile(
            "(?m)^Message-ID: (<[^>\\r\\n]*>)");
    private static final List<Received> RECEIVED = new ArrayList<>();
    private final Duration takes;
    private SMTPServer server;

    /** A relay that answers at once (what Quarkus builds for {@code @WithTestResource}). */
    public RelaySink() {
        this(Duration.ZERO);
    }

    /**
     * A relay that keeps each message, then takes {@code takes} before it answers {@code 250}, as a relay that scans
     * mail does: a sender that dies meanwhile has handed the message over without knowing it.
     */
    public RelaySink(Duration takes) {
        this.takes = takes;
    }

    @Override
    public Map<String, String> start() {
        server = SMTPServer.port(0)
                .bindAddress(InetAddress.getLoopbackAddress())
                .hostName("relay.test")
                .messageHandlerFactory(context -> new Sink(takes))
                .build();
        server.start();
        return Map.of("inboxes.smtp.relay.host", "127.0.0.1",
                "inboxes.smtp.relay.port", String.valueOf(server.getPortAllocated()),
                "inboxes.smtp.relay.tls", "none",
                "inboxes.outbound.poll-every", "0.2S");
    }

    /**
     * Starts the sink for a packaged app, as the integration tests run it: the environment that sends the app's mail
     * here, polled every 0.2 s by {@code workers} workers whose claims hold for {@code lease}.
     */
    public Map<String, String> startForApp(int workers, Duration lease) {
        Map<String, String> settings = start();
        return Map.of(
                "INBOXES_SMTP_RELAY_HOST", settings.get("inboxes.smtp.relay.host"),
                "INBOXES_SMTP_RELAY_PORT", settings.get("inboxes.smtp.relay.port"),
                "INBOXES_SMTP_RELAY_TLS", "none",
                "INBOXES_OUTBOUND_POLL_EVERY", "0.2S",
                "INBOXES_OUTBOUND_WORKERS", String.valueOf(workers),
                "INBOXES_OUTBOUND_LEASE", lease.toSeconds() + "S");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }

    /** Every message the relay has accepted so far, in the order they came. */
    public static List<Received> received() {
        synchronized (RECEIVED) {
            return List.copyOf(RECEIVED);
        }
    }

    /**
     * The first message the relay accepted with this Message-ID, waiting up to {@code timeout} (tests share the
     * relay, and deliveries of an earlier test may still arrive).
     */
    public static Received await(String messageIdHeader, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (RECEIVED) {
            while (true) {
                for (Received received : RECEIVED) {
                    if (received.text().contains("\r\nMessage-ID: " + messageIdHeader + "\r\n")) {
                        return received;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("The relay received no message " + messageIdHeader + " within " + timeout);
                }
                TimeUnit.NANOSECONDS.timedWait(RECEIVED, left);
            }
        }
    }

    /** The relay's messages by Message-ID once every one of {@code expected} has arrived. */
    public static Map<String, List<Received>> awaitAll(Set<String> expected, Duration patience)
            throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        Map<String, List<Received>> byMessageId;
        do {
            byMessageId = received().stream().collect(java.util.stream.Collectors.groupingBy(Received::messageId));
            if (byMessageId.keySet().containsAll(expected)) {
                return byMessageId;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        Set<String> missing = new java.util.HashSet<>(expected);
        missing.removeAll(byMessageId.keySet());
        throw new AssertionError(missing.size() + " accepted messages never reached the relay, e.g. "
                + missing.stream().limit(5).toList());
    }

    private static final class Sink implements MessageHandler {

        private final Duration takes;
        private String sender;
        private final List<String> recipients = new ArrayList<>();

        Sink(Duration takes) {
            this.takes = takes;
        }

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
            synchronized (RECEIVED) {
                RECEIVED.add(new Received(sender, List.copyOf(recipients), raw.toByteArray()));
                RECEIVED.notifyAll();
            }
            try {
                Thread.sleep(takes.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }

        @Override
        public void done() {
        }
    }
}
