package dev.inboxes.app.mail;

import static dev.inboxes.app.support.Smtp.crlf;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.app.support.Workers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SMTP receiver of the packaged app, with short timeouts and a certificate given in PEM as docs/configuration.md
 * says: STARTTLS, a stalled or trickling client and a too-slow DATA are cut off with 421, while PostgreSQL is down
 * every delivery is answered 451 (never 250, never a hang) and nothing that was answered 250 is lost or stored twice,
 * and once SIGTERM starts the shutdown delay, mail is refused with 421 4.3.2 while the API still answers.
 */
class SmtpReceiverIT {

    private static final int SENDERS = 3;
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration DATA_TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path workDir;

    @Test
    void tlsTimeoutsAndADatabaseOutage() throws Exception {
        Path[] pem = pemCertificate(certificate(workDir.resolve("smtp.p12")));
        int smtpPort = AppProcess.freePort();
        try (ItPostgres database = new ItPostgres(workDir.resolve("pg")).start()) {
            Map<String, String> environment = new HashMap<>(database.appEnvironment());
            environment.put("INBOXES_SMTP_PORT", String.valueOf(smtpPort));
            environment.put("INBOXES_SMTP_COMMAND_TIMEOUT", COMMAND_TIMEOUT.toSeconds() + "s");
            environment.put("INBOXES_SMTP_DATA_TIMEOUT", DATA_TIMEOUT.toSeconds() + "s");
            environment.put("INBOXES_SMTP_TLS_CONFIGURATION", "smtp");
            // The documented recipe: the quoted form of quarkus.tls."smtp".key-store.pem."0".cert (two map keys).
            environment.put("QUARKUS_TLS__SMTP__KEY_STORE_PEM__0__CERT", pem[0].toString());
            environment.put("QUARKUS_TLS__SMTP__KEY_STORE_PEM__0__KEY", pem[1].toString());
            try (AppProcess app = AppProcess.start(workDir.resolve("app"), environment)) {
                assertThat(app.log()).contains("SMTP receiver listening on 0.0.0.0:" + smtpPort, "STARTTLS offered");
                Client client = new Client(Client.newAccount(app.baseUrl));
                String inboxId = createInbox(client, app.baseUrl, "outage-box");
                String address = "outage-box@inboxes.test";

                startTls(client, app.baseUrl, inboxId, smtpPort, address);
                stalledAndTricklingClientsAreCutOff(smtpPort, address);
                anOutageIsA451AndLosesNothing(database, client, app.baseUrl, inboxId, smtpPort, address);
                mailIsRefusedOnceShutdownBegins(app, smtpPort, address);
            }
        }
    }

    private void startTls(Client client, String baseUrl, String inboxId, int port, String address) throws Exception {
        try (Smtp.Dialogue smtp = new Smtp.Dialogue(port)) {
            assertThat(smtp.command("EHLO client.example")).contains("STARTTLS");
        }
        Properties tls = new Properties();
        tls.put("mail.smtp.starttls.enable", "true");
        tls.put("mail.smtp.starttls.required", "true");
        tls.put("mail.smtp.ssl.trust", "localhost");
        tls.put("mail.smtp.ssl.checkserveridentity", "false");
        String reply = Smtp.send(port, tls, crlf("Subject: over TLS\nMessage-ID: <tls-" + UUID.randomUUID()
                + "@test.example>\n\nsecret\n"), "tls@example.com", address);
        assertThat(reply).startsWith("250");
        JsonNode page = client.get(baseUrl + "/v1/inboxes/" + inboxId + "/messages");
        String id = page.at("/data/0/id").asText();
        String raw = client.send("GET", baseUrl + "/v1/inboxes/" + inboxId + "/messages/" + id + "/raw", null, null).body();
        assertThat(raw).startsWith("Authentication-Results: ").contains("\r\nReceived: from ").contains("with ESMTPS");
    }

    private void stalledAndTricklingClientsAreCutOff(int port, String address) throws Exception {
        int patience = (int) (COMMAND_TIMEOUT.toMillis() * 5);
        // Silent after the greeting: 421 once the command time is over.
        try (Smtp.Dialogue silent = new Smtp.Dialogue(port, patience)) {
            long started = System.nanoTime();
            assertThat(silent.reply()).startsWith("421");
            assertThat(silent.closedByServer()).isTrue();
            assertThat(elapsed(started)).isBetween(COMMAND_TIMEOUT.toMillis() - 100, patience - 1L);
        }
        // One byte every 300 ms never completes a line in time, though no single read waits long.
        try (Smtp.Dialogue trickle = new Smtp.Dialogue(port, patience)) {
            long started = System.nanoTime();
            String reply = null;
            for (byte b : "NOOP NOOP NOOP NOOP NOOP NOOP NOOP NOOP NOOP NOOP\r\n".getBytes()) {
                try {
                    trickle.write(new byte[] {b});
                } catch (java.io.IOException closed) {
                    break;
                }
                Thread.sleep(300);
                if (elapsed(started) > COMMAND_TIMEOUT.toMillis() + 1_000) {
                    break;
                }
            }
            reply = trickle.reply();
            assertThat(reply).startsWith("421");
            assertThat(elapsed(started)).isLessThan(patience);
        }
        // Lines in time, but the whole message not: DATA is cut off with 421, and nothing is stored.
        try (Smtp.Dialogue slow = new Smtp.Dialogue(port, patience * 2)) {
            slow.command("EHLO slow.example");
            assertThat(slow.command("MAIL FROM:<slow@example.com>")).startsWith("250");
            assertThat(slow.command("RCPT TO:<" + address + ">")).startsWith("250");
            assertThat(slow.command("DATA")).startsWith("354");
            long started = System.nanoTime();
            try {
                while (elapsed(started) < DATA_TIMEOUT.toMillis() + COMMAND_TIMEOUT.toMillis() * 3) {
                    slow.write("Subject: slow\r\n".getBytes());
                    Thread.sleep(COMMAND_TIMEOUT.toMillis() / 2);
                }
            } catch (java.io.IOException closed) {
                // the server hung up, as it should
            }
            assertThat(slow.reply()).startsWith("421");
        }
    }

    private void anOutageIsA451AndLosesNothing(ItPostgres database, Client client, String baseUrl, String inboxId,
            int port, String address) throws Exception {
        Senders senders = new Senders(port, address);
        senders.start();
        Thread.sleep(2_000);
        database.stop();
        long stopped = System.nanoTime();
        while (senders.temporary.get() < SENDERS && elapsed(stopped) < 30_000) {
            Thread.sleep(100);
        }
        int acknowledgedDuringOutage = senders.acknowledged.size();
        Thread.sleep(1_000);
        assertThat(senders.acknowledged.size()).as("no 250 while the database is down").isEqualTo(acknowledgedDuringOutage);
        database.start();
        long restarted = System.nanoTime();
        while (senders.acknowledged.size() <= acknowledgedDuringOutage && elapsed(restarted) < 60_000) {
            Thread.sleep(100);
        }
        Thread.sleep(1_000);
        senders.stop();
        System.out.printf("SMTP outage: %d messages answered 250, %d answered 451, %d unexpected; 250 again %d ms after "
                + "PostgreSQL restarted%n", senders.acknowledged.size(), senders.temporary.get(),
                senders.unexpected.size(), elapsed(restarted));

        assertThat(senders.unexpected).as("replies other than 250 and 451, or broken connections").isEmpty();
        assertThat(senders.temporary.get()).as("451 during the outage").isPositive();
        assertThat(senders.acknowledged.size()).as("deliveries succeed again").isGreaterThan(acknowledgedDuringOutage);

        // The senders retry what got 451, as mail servers do, and one acknowledged message once more.
        for (String subject : senders.refused) {
            assertThat(senders.deliver(subject)).startsWith("250");
            senders.acknowledged.add(subject);
        }
        assertThat(senders.deliver(senders.acknowledged.iterator().next())).startsWith("250");

        List<String> stored = client.walk(index -> baseUrl, "/v1/inboxes/" + inboxId + "/messages?limit=200").items()
                .stream().map(row -> row.path("subject").asText()).toList();
        Set<String> distinct = new HashSet<>(stored);
        assertThat(stored).as("nothing stored twice").hasSameSizeAs(distinct);
        assertThat(distinct).containsAll(senders.acknowledged);
    }

    /**
     * SIGTERM: during the shutdown delay (3 s) readiness is DOWN and the API still answers, and the receiver answers
     * 421 4.3.2 to a new connection and to a new transaction on a connection opened before, so senders retry
     * elsewhere instead of delivering to a replica that is going away.
     */
    private void mailIsRefusedOnceShutdownBegins(AppProcess app, int port, String address) throws Exception {
        try (Smtp.Dialogue before = new Smtp.Dialogue(port)) {
            assertThat(before.command("EHLO before.example")).startsWith("250");
            long signalled = System.nanoTime();
            app.signalStop();
            app.awaitReadiness(503, Duration.ofSeconds(2));

            assertThat(before.command("MAIL FROM:<late@example.com>")).startsWith("421 4.3.2");
            try (Smtp.Dialogue after = new Smtp.Dialogue(port)) {
                assertThat(after.greeting).startsWith("421 4.3.2");
                assertThat(after.closedByServer()).isTrue();
            }
            assertThat(elapsed(signalled)).as("refused within the shutdown delay").isLessThan(3_000);
            assertThat(app.isAlive()).isTrue();
            assertThat(Client.newAccount(app.baseUrl)).as("the API still answers during the delay").isNotBlank();
        }
        app.awaitExit(Duration.ofSeconds(40)); // the code SIGTERM leaves (143 on the JVM) is not the point here
        assertThat(app.log()).contains("SMTP receiver refusing new mail (421 4.3.2)", "SMTP receiver stopped");
    }

    /** The keystore's certificate and private key as the PEM files a certificate authority hands out. */
    private static Path[] pemCertificate(Path keystore) throws Exception {
        java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
        try (var in = java.nio.file.Files.newInputStream(keystore)) {
            store.load(in, "changeit".toCharArray());
        }
        java.util.Base64.Encoder base64 = java.util.Base64.getMimeEncoder(64, "\n".getBytes());
        Path cert = keystore.resolveSibling("fullchain.pem");
        Path key = keystore.resolveSibling("privkey.pem");
        java.nio.file.Files.writeString(cert, "-----BEGIN CERTIFICATE-----\n"
                + base64.encodeToString(store.getCertificate("smtp").getEncoded()) + "\n-----END CERTIFICATE-----\n");
        java.nio.file.Files.writeString(key, "-----BEGIN PRIVATE KEY-----\n"
                + base64.encodeToString(store.getKey("smtp", "changeit".toCharArray()).getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        return new Path[] {cert, key};
    }

    private static String createInbox(Client client, String baseUrl, String username) throws Exception {
        return client.createInboxFrom(baseUrl, Map.of("username", username));
    }

    /** A self-signed certificate for localhost, made with the JDK's keytool. */
    private static Path certificate(Path keystore) throws Exception {
        Path keytool = Path.of(ProcessHandle.current().info().command().orElseThrow()).resolveSibling("keytool");
        Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "smtp", "-keyalg", "RSA",
                "-keysize", "2048", "-dname", "CN=localhost", "-validity", "2", "-storetype", "PKCS12", "-keystore",
                keystore.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0).as(output).isTrue();
        return keystore;
    }

    private static long elapsed(long since) {
        return (System.nanoTime() - since) / 1_000_000;
    }

    /** Senders that deliver distinct messages one connection each, recording every reply. */
    private static final class Senders {

        final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        final ConcurrentLinkedQueue<String> refused = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
        final AtomicInteger temporary = new AtomicInteger();
        private final int port;
        private final String address;
        private Workers workers;

        Senders(int port, String address) {
            this.port = port;
            this.address = address;
        }

        void start() {
            workers = Workers.start(SENDERS, "smtp-sender", (sender, n) -> send("sender " + sender + " message " + n));
        }

        void stop() throws InterruptedException {
            workers.stop();
        }

        private void send(String subject) {
            try {
                String reply = deliver(subject);
                if (reply.startsWith("250")) {
                    acknowledged.add(subject);
                } else if (reply.startsWith("451 4.3.0")) {
                    temporary.incrementAndGet();
                    refused.add(subject);
                } else {
                    unexpected.add(subject + ": " + reply);
                }
            } catch (Exception e) {
                unexpected.add(subject + ": " + e);
            }
        }

        /** @return the reply that decided the delivery: to RCPT when it refused, else to the end of DATA */
        String deliver(String subject) throws Exception {
            try (Smtp.Dialogue smtp = new Smtp.Dialogue(port)) {
                smtp.command("EHLO sender.example");
                smtp.command("MAIL FROM:<sender@example.com>");
                String rcpt = smtp.command("RCPT TO:<" + address + ">");
                if (!rcpt.startsWith("250")) {
                    return rcpt;
                }
                String reply = smtp.data(crlf("Subject: " + subject + "\nMessage-ID: <" + subject.replace(' ', '.')
                        + "@test.example>\n\n" + subject + "\n"));
                smtp.command("QUIT");
                return reply;
            }
        }
    }
}
