package dev.inboxes.bench;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.james.jdkim.DKIMSigner;
import org.apache.james.jdkim.api.BodyHasher;
import org.apache.james.jdkim.api.Headers;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.TXTRecord;
import org.xbill.DNS.Type;

/**
 * (h) Mail in with the checks at receipt (SPF, DKIM, DMARC) on and off, in the same run: the same SMTP ingest as
 * (e) (10 KB messages, pipelined, one connection per sender), every message DKIM-signed by the benchmark (RSA 2048,
 * relaxed/relaxed) in both runs so that the senders do the same work, against a DNS server on loopback that answers
 * every question after 1 ms. "Every lookup" gives each message its own sender domain, so none of its lookups (SPF,
 * the DKIM key, DMARC and the tree walk's parent) is in the cache; "cached" sends all from one domain, as a busy
 * sender's mail arrives.
 */
final class AuthIngest {

    static final int SIZE = 10 * 1024;
    static final int[] SENDERS = {4, 16};
    static final double GOAL_RATIO = 0.80;
    static final long DNS_DELAY_MILLIS = 1;
    private static final String ZONE = "bench-senders.example";
    private static final String SELECTOR = "bench";

    record Rate(String mode, int senders, long messages, double perSecond, Stats latency) {
    }

    record Figures(List<Rate> rates, String loadAverage, long dnsQuestions) {
    }

    private AuthIngest() {
    }

    static Figures run(Path jar, Path work, Postgres database, Duration window) throws Exception {
        KeyPair keys = keys();
        List<Rate> rates = new ArrayList<>();
        try (BenchDns dns = new BenchDns(keys, DNS_DELAY_MILLIS)) {
            Map<String, String> off = Map.of("INBOXES_AUTH_ENABLED", "false");
            Map<String, String> on = Map.of("INBOXES_AUTH_ENABLED", "true", "INBOXES_DNS_SERVERS", dns.address());
            for (int senders : SENDERS) {
                rates.add(measure(jar, work, database, "checks off", off, keys, senders, false, window));
                rates.add(measure(jar, work, database, "checks on, every lookup", on, keys, senders, true, window));
                rates.add(measure(jar, work, database, "checks on, cached", on, keys, senders, false, window));
            }
            return new Figures(rates, Machine.loadAverage(), dns.questions.get());
        }
    }

    private static Rate measure(Path jar, Path work, Postgres database, String mode, Map<String, String> settings,
            KeyPair keys, int senders, boolean domainPerMessage, Duration window) throws Exception {
        Benchmark.log("(h) %s, %d senders", mode, senders);
        try (App app = App.start(jar, work, database, settings)) {
            Http anonymous = new Http(app.baseUrl, null);
            var account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
            Http http = anonymous.as(account.path("api_key").asText());
            List<String> addresses = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                addresses.add(Http.JSON.readTree(http.post("/v1/inboxes", "{\"username\":\"auth-" + i + "\"}", null)
                        .body()).path("address").asText());
            }
            List<SmtpIngest.SmtpConnection> connections = new ArrayList<>();
            for (int i = 0; i < senders; i++) {
                connections.add(new SmtpIngest.SmtpConnection(app.smtpPort));
            }
            byte[] body = body();
            long run = System.nanoTime();
            try {
                long[] all = ClosedLoop.start("auth", senders, Duration.ofSeconds(2), window, (worker, sequence) -> {
                    String domain = domainPerMessage ? "d" + run + "-" + worker + "-" + sequence + "." + ZONE
                            : "mail." + ZONE;
                    byte[] message = sign(keys, domain, head(domain, addresses.get(worker), worker, sequence), body);
                    return connections.get(worker).deliver(addresses.get(worker), "bounces@" + domain, message);
                }).latencies(failed -> mode + ": " + failed + " deliveries failed");
                return new Rate(mode, senders, all.length, all.length / (window.toNanos() / 1e9), Stats.of(all));
            } finally {
                for (SmtpIngest.SmtpConnection connection : connections) {
                    connection.close();
                }
            }
        }
    }

    private static String head(String domain, String to, int worker, long sequence) {
        return "From: Bench Sender <news@" + domain + ">\r\nTo: " + to + "\r\nSubject: Weekly report " + sequence
                + "\r\nDate: Thu, 03 Dec 2026 10:00:00 +0000\r\nMessage-ID: <" + worker + "." + sequence + "."
                + System.nanoTime() + "@" + domain + ">\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; "
                + "charset=utf-8\r\n";
    }

    private static byte[] body() {
        StringBuilder text = new StringBuilder();
        for (int line = 0; text.length() < SIZE - 600; line++) {
            text.append("Line ").append(line).append(": order 10").append(line % 97)
                    .append(" shipped to Lyon, invoice attached, customer happy.\r\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The message as the sender's server signs it: one DKIM-Signature field in front. */
    private static byte[] sign(KeyPair keys, String domain, String head, byte[] body) throws Exception {
        List<String> fields = new ArrayList<>();
        for (String line : head.split("\r\n")) {
            fields.add(line);
        }
        Headers headers = new Headers() {
            @Override
            public List<String> getFields() {
                return fields;
            }

            @Override
            public List<String> getFields(String name) {
                return fields.stream().filter(f -> f.regionMatches(true, 0, name + ":", 0, name.length() + 1)).toList();
            }
        };
        String template = "v=1; a=rsa-sha256; c=relaxed/relaxed; d=" + domain + "; s=" + SELECTOR
                + "; h=From:To:Subject:Date:Message-ID; bh=; b=;";
        DKIMSigner signer = new DKIMSigner(template, keys.getPrivate());
        BodyHasher hasher = signer.newBodyHasher(signer.newSignatureRecordTemplate(template));
        try (OutputStream out = hasher.getOutputStream()) {
            out.write(body);
        }
        ByteArrayOutputStream message = new ByteArrayOutputStream(SIZE + 1024);
        message.writeBytes((signer.sign(headers, hasher) + "\r\n" + head + "\r\n").getBytes(StandardCharsets.UTF_8));
        message.writeBytes(body);
        return message.toByteArray();
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    static String section(Figures figures, String database) {
        StringBuilder md = new StringBuilder("\n## (h) Mail in with SPF, DKIM and DMARC checked, against without\n\n")
                .append(String.format("One replica of the packaged app at a time, the same database. %d KB messages over "
                        + "SMTP as in (e), each DKIM-signed (RSA 2048) by the benchmark whether the app checks or not, "
                        + "from an envelope sender and `From:` of the signing domain, whose SPF authorizes loopback and "
                        + "whose DMARC says `p=reject`. The DNS server (dnsjava, on loopback) answers every question "
                        + "after %d ms; it was asked %,d questions in all. *Every lookup*: each message from its own "
                        + "domain, so SPF, the DKIM key and DMARC are all asked for (four questions, the tree walk's "
                        + "parent cached); *cached*: every message from one domain. Run on %s (%s, %s); load average "
                        + "%s. This section alone: `./mvnw -B -Pbench -pl bench -am verify -DskipTests "
                        + "-Dbench.auth-only=true`.%n%n", SIZE / 1024, DNS_DELAY_MILLIS, figures.dnsQuestions(),
                        java.time.LocalDate.now(java.time.ZoneOffset.UTC), Machine.describe(), database,
                        figures.loadAverage()))
                .append(String.format("| senders | checks | messages | `250`s /s | of without (goal ≥ %.0f%%) | p50 ms | "
                        + "p99 ms |%n| ---: | --- | ---: | ---: | ---: | ---: | ---: |%n", GOAL_RATIO * 100));
        for (int senders : SENDERS) {
            Rate off = figures.rates().stream().filter(r -> r.senders() == senders && r.mode().equals("checks off"))
                    .findFirst().orElseThrow();
            for (Rate rate : figures.rates()) {
                if (rate.senders() != senders) {
                    continue;
                }
                double ratio = rate.perSecond() / off.perSecond();
                md.append(String.format("| %d | %s | %,d | %,.0f | %s | %s | %s |%n", senders, rate.mode(),
                        rate.messages(), rate.perSecond(), rate == off ? "—"
                                : String.format("%.0f%% %s", ratio * 100, ratio >= GOAL_RATIO ? "met" : "not met"),
                        rate.latency().median(), rate.latency().p99()));
            }
        }
        return md.toString();
    }

    /**
     * An authoritative DNS server for the benchmark's sender domains: SPF, the DKIM key and DMARC for every name under
     * {@value #ZONE}, each answer sent after the delay, several at once (a pool of answering threads).
     */
    static final class BenchDns implements AutoCloseable {

        private final DatagramSocket socket;
        private final ExecutorService answering = Executors.newFixedThreadPool(32, runnable -> {
            Thread thread = new Thread(runnable, "bench-dns");
            thread.setDaemon(true);
            return thread;
        });
        private final String key;
        private final long delayMillis;
        final AtomicLong questions = new AtomicLong();

        BenchDns(KeyPair keys, long delayMillis) throws Exception {
            this.key = "v=DKIM1; k=rsa; p=" + Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
            this.delayMillis = delayMillis;
            socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
            Thread receiving = new Thread(this::receive, "bench-dns-receive");
            receiving.setDaemon(true);
            receiving.start();
        }

        String address() {
            return "127.0.0.1:" + socket.getLocalPort();
        }

        private void receive() {
            while (!socket.isClosed()) {
                try {
                    DatagramPacket packet = new DatagramPacket(new byte[512], 512);
                    socket.receive(packet);
                    byte[] query = Arrays.copyOf(packet.getData(), packet.getLength());
                    answering.execute(() -> answer(query, packet));
                } catch (Exception closed) {
                    // the socket closed at the end of the run
                }
            }
        }

        private void answer(byte[] bytes, DatagramPacket packet) {
            try {
                Message query = new Message(bytes);
                questions.incrementAndGet();
                Thread.sleep(delayMillis);
                Record question = query.getQuestion();
                Message response = new Message(query.getHeader().getID());
                response.getHeader().setFlag(Flags.QR);
                response.getHeader().setFlag(Flags.AA);
                response.addRecord(question, Section.QUESTION);
                String name = question.getName().toString(true).toLowerCase(java.util.Locale.ROOT);
                String text = question.getType() != Type.TXT ? null
                        : name.startsWith(SELECTOR + "._domainkey.") ? key
                        : name.startsWith("_dmarc.") && !name.equals("_dmarc." + ZONE) ? "v=DMARC1; p=reject"
                        : name.endsWith("." + ZONE) && !name.startsWith("_") ? "v=spf1 ip4:127.0.0.0/8 ip6:::1 -all"
                        : null;
                if (text != null) {
                    List<String> strings = new ArrayList<>();
                    for (int i = 0; i < text.length(); i += 255) {
                        strings.add(text.substring(i, Math.min(text.length(), i + 255)));
                    }
                    response.addRecord(new TXTRecord(question.getName(), DClass.IN, 300, strings), Section.ANSWER);
                } else {
                    response.getHeader().setRcode(name.endsWith(ZONE) ? Rcode.NOERROR : Rcode.NXDOMAIN);
                    response.addRecord(new SOARecord(Name.fromString(ZONE + "."), DClass.IN, 300,
                            Name.fromString("ns." + ZONE + "."), Name.fromString("hostmaster." + ZONE + "."), 1, 3600,
                            600, 86400, 300), Section.AUTHORITY);
                }
                int room = query.getOPT() != null ? Math.max(512, query.getOPT().getPayloadSize()) : 512;
                byte[] answer = response.toWire(room);
                synchronized (socket) {
                    socket.send(new DatagramPacket(answer, answer.length, packet.getSocketAddress()));
                }
            } catch (Exception unreadable) {
                // not DNS, or the socket closed: nothing to answer
            }
        }

        @Override
        public void close() {
            socket.close();
            answering.shutdownNow();
        }
    }
}
