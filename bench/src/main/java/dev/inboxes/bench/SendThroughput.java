package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.subethamail.smtp.MessageHandler;
import org.subethamail.smtp.server.SMTPServer;

/**
 * (g) Mail out, on one replica of the packaged app and one database: sends accepted per second over REST
 * ({@code POST …/messages/send}, 202) next to SMTP mail in per second (10 KB messages, the same senders), measured one
 * after the other in one run; the relay (SubEthaSMTP on loopback, answering at once) counts what reaches it. Then one
 * sender, one send at a time: the latency from the 202 to the relay's 250 for that message.
 */
final class SendThroughput {

    static final int SIZE = 10 * 1024;
    static final int[] SENDERS = {1, 4, 16};
    static final int LATENCY_SENDS = Effort.rounds(200);
    static final double GOAL_RATIO = 0.5;
    static final double GOAL_P99_MS = 200;

    record Rate(int senders, double smtpInPerSecond, double acceptedPerSecond, double relayedPerSecond) {
    }

    record Figures(List<Rate> rates, Stats acceptToRelay, Stats accept, String loadAverage) {
    }

    private static final Pattern MESSAGE_ID = Pattern.compile("(?m)^Message-ID: (<[^>\\r\\n]*>)");

    private SendThroughput() {
    }

    static Figures run(Path jar, Path work, Postgres database, Duration window) throws Exception {
        Map<String, Long> relayedAt = new ConcurrentHashMap<>();
        AtomicLong relayed = new AtomicLong();
        SMTPServer relay = SMTPServer.port(0).bindAddress(InetAddress.getLoopbackAddress()).hostName("relay.bench")
                .messageHandlerFactory(context -> new MessageHandler() {
                    @Override
                    public void from(String from) {
                    }

                    @Override
                    public void recipient(String recipient) {
                    }

                    @Override
                    public String data(InputStream data) throws java.io.IOException {
                        ByteArrayOutputStream raw = new ByteArrayOutputStream();
                        data.transferTo(raw);
                        Matcher id = MESSAGE_ID.matcher(raw.toString(StandardCharsets.UTF_8));
                        if (id.find()) {
                            relayedAt.putIfAbsent(id.group(1), System.nanoTime());
                        }
                        relayed.incrementAndGet();
                        return null;
                    }

                    @Override
                    public void done() {
                    }
                }).build();
        relay.start();
        String load = Machine.loadAverage();
        try (App app = App.start(jar, work, database, "send", Map.of(
                "INBOXES_SMTP_RELAY_HOST", "127.0.0.1",
                "INBOXES_SMTP_RELAY_PORT", String.valueOf(relay.getPortAllocated()),
                "INBOXES_SMTP_RELAY_TLS", "none",
                "INBOXES_OUTBOUND_SENDS_PER_ACCOUNT_PER_HOUR", "100000000",
                "INBOXES_OUTBOUND_SENDS_PER_INBOX_PER_HOUR", "100000000",
                "INBOXES_OUTBOUND_MAX_PENDING_PER_ACCOUNT", "100000000"))) {
            Http anonymous = new Http(app.baseUrl, null);
            JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
            Http http = anonymous.as(account.path("api_key").asText());
            String text = "Line of the weekly report: order shipped to Lyon, invoice attached.\n"
                    .repeat(SIZE / 70);
            List<String[]> inboxes = new ArrayList<>();
            for (int i = 0; i < SENDERS[SENDERS.length - 1]; i++) {
                JsonNode inbox = Http.JSON.readTree(http.post("/v1/inboxes", "{\"username\":\"send-" + i + "\"}",
                        null).body());
                inboxes.add(new String[] {inbox.path("id").asText(), inbox.path("address").asText()});
            }
            String body = Http.JSON.writeValueAsString(Map.of("to", List.of("alice@example.com"), "subject",
                    "Weekly report", "text", text));
            List<Rate> rates = new ArrayList<>();
            for (int senders : SENDERS) {
                Benchmark.log("(g) SMTP mail in, %d senders", senders);
                double in = smtpIn(app.smtpPort, inboxes, senders, window);
                Benchmark.log("(g) REST sends, %d senders", senders);
                long relayedBefore = relayed.get();
                long started = System.nanoTime();
                long[] accepted = ClosedLoop.start("send", senders, Effort.warmUp(Duration.ofSeconds(2)), window, (worker, sequence) -> {
                    long began = System.nanoTime();
                    HttpResponse<String> sent = http.post("/v1/inboxes/" + inboxes.get(worker)[0] + "/messages/send",
                            body, null);
                    if (sent.statusCode() != 202) {
                        throw new IllegalStateException("send answered " + sent.statusCode() + ": " + sent.body());
                    }
                    return System.nanoTime() - began;
                }).latencies(failed -> "send: " + failed + " sends failed");
                long relayedDuring = relayed.get() - relayedBefore;
                double seconds = (System.nanoTime() - started) / 1e9;
                rates.add(new Rate(senders, in, accepted.length / (window.toNanos() / 1e9), relayedDuring / seconds));
                awaitDrained(app);
            }
            Benchmark.log("(g) accept to relay 250, one sender, %d sends", LATENCY_SENDS);
            long[] toRelay = new long[LATENCY_SENDS];
            long[] toAccept = new long[LATENCY_SENDS];
            for (int i = 0; i < LATENCY_SENDS; i++) {
                long began = System.nanoTime();
                HttpResponse<String> sent = http.post("/v1/inboxes/" + inboxes.get(0)[0] + "/messages/send", body,
                        null);
                long acceptedAt = System.nanoTime();
                String messageId = Http.JSON.readTree(sent.body()).path("message_id_header").asText();
                long deadline = acceptedAt + Duration.ofSeconds(30).toNanos();
                while (!relayedAt.containsKey(messageId) && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                Long at = relayedAt.get(messageId);
                if (at == null) {
                    throw new IllegalStateException("the relay never received " + messageId);
                }
                toAccept[i] = acceptedAt - began;
                toRelay[i] = Math.max(0, at - acceptedAt);
            }
            return new Figures(rates, Stats.of(toRelay), Stats.of(toAccept), load + " → " + Machine.loadAverage());
        } finally {
            relay.stop();
        }
    }

    private static double smtpIn(int port, List<String[]> inboxes, int senders, Duration window) throws Exception {
        List<SmtpIngest.SmtpConnection> connections = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            connections.add(new SmtpIngest.SmtpConnection(port));
        }
        byte[] padding = "x".repeat(SIZE).getBytes(StandardCharsets.US_ASCII);
        try {
            long[] all = ClosedLoop.start("mail-in", senders, Effort.warmUp(Duration.ofSeconds(2)), window, (worker, sequence) ->
                    connections.get(worker).deliver(inboxes.get(worker)[1], message(worker, sequence, padding)))
                    .latencies(failed -> "mail in: " + failed + " deliveries failed");
            return all.length / (window.toNanos() / 1e9);
        } finally {
            for (SmtpIngest.SmtpConnection connection : connections) {
                connection.close();
            }
        }
    }

    private static byte[] message(int worker, long sequence, byte[] padding) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(SIZE + 256);
        out.writeBytes(("From: Bench <sender@bench.example>\r\nSubject: Weekly report\r\nMessage-ID: <in." + worker
                + "." + sequence + "." + System.nanoTime() + "@bench.example>\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        for (int at = 0; at < padding.length; at += 76) {
            out.write(padding, at, Math.min(76, padding.length - at));
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        return out.toByteArray();
    }

    /** Until every queued delivery went out, so one measurement's backlog does not slow the next. */
    private static void awaitDrained(App app) throws Exception {
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest scrape = java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(app.managementUrl + "/q/metrics")).build();
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> metrics = client.send(scrape, HttpResponse.BodyHandlers.ofString());
            Matcher pending = Pattern.compile("(?m)^inboxes_outbox_pending (\\S+)").matcher(metrics.body());
            if (pending.find() && Double.parseDouble(pending.group(1)) == 0) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the outbox did not drain within 5 minutes");
    }

    static String section(Figures figures, String database) {
        StringBuilder md = new StringBuilder("\n## (g) Mail out: sends accepted next to mail received, accept to relay\n\n")
                .append("One replica of the packaged app, one relay (SubEthaSMTP on loopback, answering `250` at once). ")
                .append(String.format("For each number of senders, %d KB messages: SMTP mail in (`250`s per second, "
                        + "pipelined, one connection per sender), then REST sends (`202`s per second of `POST "
                        + "…/messages/send`, one HTTP client per sender, each from its own inbox to one external "
                        + "recipient), the relay counting what reaches it meanwhile; the outbox drains between "
                        + "measurements. Then one sender, %d sends one at a time: from the `202` to the relay's `250` "
                        + "for that message. Run on %s (%s, %s); load average %s. This section alone: `./mvnw -B "
                        + "-Pbench -pl bench -am verify -DskipTests -Dbench.send-only=true`.%n%n", SIZE / 1024,
                        LATENCY_SENDS, java.time.LocalDate.now(java.time.ZoneOffset.UTC), Machine.describe(), database,
                        figures.loadAverage()))
                .append(String.format("| senders | mail in /s | sends accepted /s | relayed /s (meanwhile) | sends / mail in "
                        + "(goal ≥ %.0f%%) |%n| ---: | ---: | ---: | ---: | ---: |%n", GOAL_RATIO * 100));
        for (Rate rate : figures.rates()) {
            double ratio = rate.acceptedPerSecond() / rate.smtpInPerSecond();
            md.append(String.format("| %d | %,.0f | %,.0f | %,.0f | %.0f%% %s |%n", rate.senders(),
                    rate.smtpInPerSecond(), rate.acceptedPerSecond(), rate.relayedPerSecond(), ratio * 100,
                    ratio >= GOAL_RATIO ? "met" : "not met"));
        }
        Stats relay = figures.acceptToRelay();
        md.append(String.format("%n| one sender | samples | p50 ms | p99 ms | mean ms |%n| --- | ---: | ---: | ---: | ---: |%n"
                + "| request to `202` | %d | %s | %s | %s |%n| `202` to the relay's `250` (goal p99 ≤ %.0f ms: %s) | %d "
                + "| %s | %s | %s |%n", figures.accept().samples(), figures.accept().median(), figures.accept().p99(),
                Stats.format(figures.accept().meanMs()), GOAL_P99_MS, relay.p99Ms() <= GOAL_P99_MS ? "met" : "not met",
                relay.samples(), relay.median(), relay.p99(), Stats.format(relay.meanMs())));
        return md.toString();
    }
}
