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

    record Rate(String mode, int senders, long messages, double perSecond, Stats latency, double appCpuMs) {
    }

    record Figures(List<Rate> rates, String loadAverage, long dnsQuestions, long windowSeconds) {
    }

    private AuthIngest() {
    }

    /**
     * Rounds of off / on, every lookup / on, cached, alternated so that a change in the machine's load hits all: three
     * give a median and keep the whole run within fifteen minutes (five took 5 of its 16).
     */
    static final int ROUNDS = Effort.SMOKE ? 1 : 3;
    /** Sender domains signed ahead per measurement of "every lookup" (more than it can deliver in its window). */
    static final int DOMAINS_AHEAD = Effort.SMOKE ? 50 : 3_000;

    static Figures run(Path jar, Path work, Postgres database, Duration window) throws Exception {
        KeyPair keys = keys();
        byte[] body = body();
        List<Rate> rates = new ArrayList<>();
        try (BenchDns dns = new BenchDns(keys, DNS_DELAY_MILLIS);
             App off = App.start(jar, work, database, "auth-off", Map.of("INBOXES_AUTH_ENABLED", "false"));
             App on = App.start(jar, work, database, "auth-on", Map.of("INBOXES_AUTH_ENABLED", "true",
                     "INBOXES_DNS_SERVERS", dns.address()))) {
            Inboxes offInboxes = inboxes(off, SENDERS[SENDERS.length - 1]);
            Inboxes onInboxes = inboxes(on, SENDERS[SENDERS.length - 1]);
            // One signature serves every message of a domain: Message-ID (unique per message, for the dedupe) and To
            // are not signed, so the senders spend their time sending, not signing.
            Signed oneDomain = Signed.of(keys, "mail." + ZONE, body);
            for (int senders : SENDERS) {
                for (int round = 1; round <= ROUNDS; round++) {
                    List<Signed> fresh = new ArrayList<>();
                    for (int i = 0; i < DOMAINS_AHEAD; i++) {
                        fresh.add(Signed.of(keys, "d" + round + "-" + senders + "-" + i + "-"
                                + Long.toString(System.nanoTime() & 0xffffffffL, 36) + "." + ZONE, body));
                    }
                    rates.add(measure(off, offInboxes.addresses(), "checks off", senders, List.of(oneDomain), window));
                    rates.add(measure(on, onInboxes.addresses(), "checks on, every lookup", senders, fresh, window));
                    rates.add(measure(on, onInboxes.addresses(), "checks on, cached", senders, List.of(oneDomain),
                            window));
                }
            }
            // What was measured: with the checks, pass/pass/pass; without, none.
            offInboxes.expectVerdict(null);
            onInboxes.expectVerdict("pass");
            return new Figures(rates, Machine.loadAverage(), dns.questions.get(), window.toSeconds());
        }
    }

    /** The inboxes the senders write to, on one app. */
    record Inboxes(Http http, List<String> ids, List<String> addresses) {

        /** The latest message of the first inbox has this verdict ({@code null}: not checked). */
        void expectVerdict(String verdict) throws Exception {
            var page = Http.JSON.readTree(http.get("/v1/inboxes/" + ids.get(0) + "/messages?limit=1"));
            String id = page.path("data").path(0).path("id").asText();
            var message = Http.JSON.readTree(http.get("/v1/inboxes/" + ids.get(0) + "/messages/" + id));
            String found = message.path("authentication").isNull() ? null
                    : message.path("authentication").path("verdict").asText();
            if (!java.util.Objects.equals(found, verdict)) {
                throw new IllegalStateException("expected the verdict " + verdict + ", found " + found + ": "
                        + message.path("authentication"));
            }
        }
    }

    private static Inboxes inboxes(App app, int count) throws Exception {
        Http anonymous = new Http(app.baseUrl, null);
        var account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
        Http http = anonymous.as(account.path("api_key").asText());
        List<String> ids = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // Addresses are unique across accounts, and both apps share the database: a name per app.
            String username = "auth-" + Long.toString(System.nanoTime() & 0xffffffffffL, 36) + "-" + i;
            var inbox = Http.JSON.readTree(http.post("/v1/inboxes", "{\"username\":\"" + username + "\"}", null)
                    .body());
            if (inbox.path("address").asText().isEmpty()) {
                throw new IllegalStateException("cannot create the inbox " + username);
            }
            ids.add(inbox.path("id").asText());
            addresses.add(inbox.path("address").asText());
        }
        return new Inboxes(http, ids, addresses);
    }

    /**
     * One measurement: each sender on its own connection, message after message, each from the next domain of
     * {@code domains} (wrapping around, should it run out), with its own Message-ID.
     */
    private static Rate measure(App app, List<String> inboxes, String mode, int senders, List<Signed> domains,
            Duration window) throws Exception {
        Benchmark.log("(h) %s, %d senders", mode, senders);
        List<SmtpIngest.SmtpConnection> connections = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            connections.add(new SmtpIngest.SmtpConnection(app.smtpPort));
        }
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        CpuMeter cpu = new CpuMeter(app.pid());
        try {
            double before = cpu.snapshot().get("service (JVM)");
            long[] all = ClosedLoop.start("auth", senders, Effort.warmUp(Duration.ofSeconds(2)), window, (worker, sequence) -> {
                Signed signed = domains.get(Math.floorMod(next.getAndIncrement(), domains.size()));
                String to = inboxes.get(worker);
                return connections.get(worker).deliver(to, "bounces@" + signed.domain(),
                        signed.message(to, worker + "." + sequence + "." + System.nanoTime()));
            }).latencies(failed -> mode + ": " + failed + " deliveries failed");
            // The app's CPU per message (warm-up included on both sides): what the checks cost, whatever else runs.
            double appCpuMs = (cpu.snapshot().get("service (JVM)") - before) * 1000 / Math.max(1, next.get());
            return new Rate(mode, senders, all.length, all.length / (window.toNanos() / 1e9), Stats.of(all),
                    appCpuMs);
        } finally {
            for (SmtpIngest.SmtpConnection connection : connections) {
                connection.close();
            }
        }
    }

    /** A domain's signed message: the DKIM-Signature and the signed fields, to which To and a Message-ID are added. */
    record Signed(String domain, byte[] signedHead, byte[] body) {

        static Signed of(KeyPair keys, String domain, byte[] body) throws Exception {
            String head = "From: Bench Sender <news@" + domain + ">\r\nSubject: Weekly report\r\n"
                    + "Date: Thu, 03 Dec 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n"
                    + "Content-Type: text/plain; charset=utf-8\r\n";
            return new Signed(domain, (sign(keys, domain, head, body) + "\r\n" + head)
                    .getBytes(StandardCharsets.UTF_8), body);
        }

        byte[] message(String to, String id) {
            ByteArrayOutputStream message = new ByteArrayOutputStream(SIZE + 1024);
            message.writeBytes(signedHead);
            message.writeBytes(("To: " + to + "\r\nMessage-ID: <" + id + "@" + domain + ">\r\n\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            message.writeBytes(body);
            return message.toByteArray();
        }
    }

    private static byte[] body() {
        StringBuilder text = new StringBuilder();
        for (int line = 0; text.length() < SIZE - 600; line++) {
            text.append("Line ").append(line).append(": order 10").append(line % 97)
                    .append(" shipped to Lyon, invoice attached, customer happy.\r\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The DKIM-Signature field (RSA-SHA256, relaxed/relaxed) over From, Subject and Date, and the body. */
    private static String sign(KeyPair keys, String domain, String head, byte[] body) throws Exception {
        List<String> fields = List.of(head.split("\r\n"));
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
                + "; h=From:Subject:Date; bh=; b=;";
        DKIMSigner signer = new DKIMSigner(template, keys.getPrivate());
        BodyHasher hasher = signer.newBodyHasher(signer.newSignatureRecordTemplate(template));
        try (OutputStream out = hasher.getOutputStream()) {
            out.write(body);
        }
        return signer.sign(headers, hasher);
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    static final List<String> MODES = List.of("checks off", "checks on, every lookup", "checks on, cached");

    static String section(Figures figures, String database) {
        StringBuilder md = new StringBuilder("\n## (h) Mail in with SPF, DKIM and DMARC checked, against without\n\n")
                .append(String.format("Two replicas of the packaged app on the same database, one with the checks at "
                        + "receipt off and one with them on, measured in turn, %d rounds of 2 s warm-up and %d s each "
                        + "(so a change in the machine's load falls on both). %d KB messages over SMTP as in (e) "
                        + "(pipelined, one connection per sender), each DKIM-signed (RSA 2048, relaxed/relaxed, "
                        + "signed ahead: the senders only send), its envelope sender and `From:` in the signing "
                        + "domain, whose SPF authorizes loopback and whose DMARC says `p=reject`, so every checked "
                        + "message is `pass`/`pass`/`pass`. The DNS server (dnsjava, on loopback) answers each "
                        + "question after %d ms; it was asked %,d in all. *Every lookup*: each message from its own "
                        + "domain, so its SPF record, its DKIM key and its DMARC record are asked for, none cached; "
                        + "*cached*: every message from one domain. Rates are the median of the rounds (each round's "
                        + "in brackets); the app's CPU per message (median of the rounds) is what the checks cost whatever "
                        + "else the machine runs. Run on %s (%s, %s); load average %s. This section alone: `./mvnw -B -Pbench "
                        + "-pl bench -am verify -DskipTests -Dbench.auth-only=true`.%n%n", ROUNDS,
                        figures.windowSeconds(), SIZE / 1024, DNS_DELAY_MILLIS, figures.dnsQuestions(),
                        java.time.LocalDate.now(java.time.ZoneOffset.UTC), Machine.describe(), database,
                        figures.loadAverage()))
                .append(String.format("| senders | checks | `250`s /s (rounds) | of without (goal ≥ %.0f%%) | p50 ms | "
                        + "p99 ms | app CPU ms / message |%n| ---: | --- | ---: | ---: | ---: | ---: | ---: |%n",
                        GOAL_RATIO * 100));
        for (int senders : SENDERS) {
            double without = median(figures.rates(), senders, MODES.get(0));
            for (String mode : MODES) {
                List<Rate> rounds = figures.rates().stream()
                        .filter(rate -> rate.senders() == senders && rate.mode().equals(mode)).toList();
                if (rounds.isEmpty()) {
                    continue;
                }
                double rate = median(figures.rates(), senders, mode);
                double ratio = rate / without;
                Rate middle = rounds.stream().sorted(java.util.Comparator.comparingDouble(Rate::perSecond))
                        .toList().get(rounds.size() / 2);
                double cpuMs = rounds.stream().mapToDouble(Rate::appCpuMs).sorted().toArray()[rounds.size() / 2];
                md.append(String.format("| %d | %s | %,.0f (%s) | %s | %s | %s | %.2f |%n", senders, mode, rate,
                        String.join(", ", rounds.stream().map(r -> String.format("%,.0f", r.perSecond())).toList()),
                        mode.equals(MODES.get(0)) ? "—"
                                : String.format("%.0f%% %s", ratio * 100, ratio >= GOAL_RATIO ? "met" : "not met"),
                        middle.latency().median(), middle.latency().p99(), cpuMs));
            }
        }
        return md.toString();
    }

    private static double median(List<Rate> rates, int senders, String mode) {
        double[] values = rates.stream().filter(rate -> rate.senders() == senders && rate.mode().equals(mode))
                .mapToDouble(Rate::perSecond).sorted().toArray();
        return values.length == 0 ? Double.NaN : values[values.length / 2];
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
