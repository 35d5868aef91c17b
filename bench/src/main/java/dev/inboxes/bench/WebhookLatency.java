package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * (j) Webhooks: from the SMTP {@code 250} of a message to its {@code message.received} request arriving at a fast
 * receiver on loopback (JDK HttpServer, answering {@code 204} at once), with 1 endpoint and with 50 endpoints
 * subscribed to the inbox; and how many deliveries a second reach that receiver when a burst of messages arrives.
 */
final class WebhookLatency {

    static final int[] ENDPOINTS = {1, 50};
    /** The goal of the 250 → request p99, in milliseconds, for either number of endpoints. */
    static final double GOAL_P99_MS = 250;
    private static final int ROUNDS_ONE_ENDPOINT = Effort.SMOKE ? 3 : 200;
    private static final int ROUNDS_MANY_ENDPOINTS = Effort.SMOKE ? 2 : 40;
    private static final int WARM_UP_ROUNDS = Effort.SMOKE ? 1 : 10;
    /** Messages of a burst, by number of endpoints: each message is as many deliveries as there are endpoints. */
    private static final int BURST_ONE_ENDPOINT = Effort.SMOKE ? 10 : 1_000;
    private static final int BURST_MANY_ENDPOINTS = Effort.SMOKE ? 2 : 100;
    private static final int BURST_SENDERS = 4;
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    /**
     * One number of endpoints' figures.
     *
     * @param latency      every request's, from the 250
     * @param last         the last request of each message's (all its endpoints served)
     * @param burstMessages messages of the burst, sent at once by {@link #BURST_SENDERS} SMTP connections
     * @param burstSeconds from the first message sent to the last delivery received
     * @param sendSeconds  from the first message sent to the last {@code 250}: mail in bounds the deliveries
     */
    record Result(int endpoints, int rounds, Stats latency, Stats last, int burstMessages, double burstSeconds,
                  double sendSeconds) {

        long burstDeliveries() {
            return (long) burstMessages * endpoints;
        }

        double deliveriesPerSecond() {
            return burstDeliveries() / burstSeconds;
        }
    }

    /** @param loadAverage the machine's load averages (1, 5, 15 min) before and after */
    record Figures(List<Result> results, String loadAverage, String settings) {
    }

    private WebhookLatency() {
    }

    static Figures run(Path jar, Path work, Postgres database) throws Exception {
        String loadBefore = Machine.loadAverage();
        Map<String, String> settings = Map.of("INBOXES_WEBHOOKS_ALLOW_HTTP", "true",
                "INBOXES_WEBHOOKS_ALLOW_PRIVATE", "true",
                "INBOXES_WEBHOOKS_MAX_PER_ACCOUNT", String.valueOf(ENDPOINTS[ENDPOINTS.length - 1]));
        List<Result> results = new ArrayList<>();
        try (Receiver receiver = new Receiver(); App app = App.start(jar, work, database, "webhooks", settings)) {
            Http anonymous = new Http(app.baseUrl, null);
            JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
            Http http = anonymous.as(account.path("api_key").asText());
            String username = "hooks-" + Long.toString(System.nanoTime() & 0xffffffffffL, 36);
            JsonNode inbox = http.create("/v1/inboxes", "{\"username\":\"" + username + "\"}");
            String inboxId = inbox.path("id").asText();
            String address = inbox.path("address").asText();
            int endpoints = 0;
            for (int target : ENDPOINTS) {
                for (; endpoints < target; endpoints++) {
                    http.create("/v1/webhooks", "{\"url\":\"" + receiver.url(endpoints) + "\",\"event_types\":"
                            + "[\"message.received\"],\"inbox_ids\":[\"" + inboxId + "\"]}");
                }
                Benchmark.log("(j) webhooks: %d endpoint%s, one message at a time", target, target == 1 ? "" : "s");
                int rounds = target == 1 ? ROUNDS_ONE_ENDPOINT : ROUNDS_MANY_ENDPOINTS;
                List<Long> every = new ArrayList<>();
                long[] last = new long[rounds];
                try (SmtpIngest.SmtpConnection smtp = new SmtpIngest.SmtpConnection(app.smtpPort)) {
                    for (int round = -WARM_UP_ROUNDS; round < rounds; round++) {
                        receiver.reset();
                        smtp.deliver(address, message(address));
                        long acknowledged = System.nanoTime();
                        List<Long> arrivals = receiver.await(target);
                        if (round >= 0) {
                            arrivals.forEach(at -> every.add(at - acknowledged));
                            last[round] = arrivals.stream().mapToLong(at -> at - acknowledged).max().orElseThrow();
                        }
                    }
                }
                int burst = target == 1 ? BURST_ONE_ENDPOINT : BURST_MANY_ENDPOINTS;
                Benchmark.log("(j) webhooks: %d endpoint%s, a burst of %d messages", target, target == 1 ? "" : "s",
                        burst);
                double[] burstSeconds = burst(app, address, receiver, burst, target);
                results.add(new Result(target, rounds, Stats.of(every.stream().mapToLong(Long::longValue).toArray()),
                        Stats.of(last), burst, burstSeconds[0], burstSeconds[1]));
            }
        }
        return new Figures(results, loadBefore + " before, " + Machine.loadAverage() + " after",
                "the default 8 delivery workers, batches of 10");
    }

    /** @return seconds from the first message sent to the last of its deliveries received, and to the last 250 */
    private static double[] burst(App app, String address, Receiver receiver, int messages, int endpoints)
            throws Exception {
        receiver.reset();
        AtomicInteger next = new AtomicInteger();
        ExecutorService senders = Executors.newFixedThreadPool(BURST_SENDERS);
        try {
            long started = System.nanoTime();
            List<Future<Void>> sent = new ArrayList<>();
            for (int i = 0; i < BURST_SENDERS; i++) {
                sent.add(senders.submit(() -> {
                    try (SmtpIngest.SmtpConnection smtp = new SmtpIngest.SmtpConnection(app.smtpPort)) {
                        while (next.getAndIncrement() < messages) {
                            smtp.deliver(address, message(address));
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> each : sent) {
                each.get();
            }
            long allSent = System.nanoTime();
            List<Long> arrivals = receiver.await(messages * endpoints);
            return new double[] {(arrivals.stream().mapToLong(Long::longValue).max().orElseThrow() - started) / 1e9,
                    (allSent - started) / 1e9};
        } finally {
            senders.shutdownNow();
        }
    }

    private static byte[] message(String to) {
        return ("From: sender@bench.example\r\nTo: " + to + "\r\nSubject: Hooked\r\nMessage-ID: <" + UUID.randomUUID()
                + "@bench.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
                + "A message for the webhook benchmark.").getBytes(StandardCharsets.US_ASCII);
    }

    /** The fast receiver: notes when each request arrived (its headers read) and answers 204 at once. */
    private static final class Receiver implements AutoCloseable {

        private final HttpServer server;
        private final ExecutorService threads = Executors.newCachedThreadPool();
        private final LinkedBlockingQueue<Long> arrivals = new LinkedBlockingQueue<>();
        private final AtomicLong unsigned = new AtomicLong();

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
            server.setExecutor(threads);
            server.createContext("/", exchange -> {
                long at = System.nanoTime();
                exchange.getRequestBody().readAllBytes();
                if (exchange.getRequestHeaders().getFirst("webhook-signature") == null) {
                    unsigned.incrementAndGet();
                }
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
                arrivals.add(at);
            });
            server.start();
        }

        String url(int endpoint) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook/" + endpoint;
        }

        void reset() {
            arrivals.clear();
        }

        /** The arrival times of the next {@code count} requests; fails when they do not all come in time. */
        List<Long> await(int count) throws InterruptedException {
            List<Long> taken = new ArrayList<>(count);
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            while (taken.size() < count) {
                Long at = arrivals.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (at == null) {
                    throw new IllegalStateException("only " + taken.size() + " of " + count
                            + " webhook requests arrived within " + PATIENCE.toSeconds() + " s");
                }
                taken.add(at);
            }
            if (unsigned.get() > 0) {
                throw new IllegalStateException(unsigned.get() + " webhook requests came without a signature");
            }
            return taken;
        }

        @Override
        public void close() {
            server.stop(0);
            threads.shutdownNow();
        }
    }

    static String section(Figures figures, String database) {
        StringBuilder md = new StringBuilder("\n## (j) Webhooks: from the SMTP `250` to the endpoint's request, and "
                + "deliveries per second\n\n")
                .append(String.format("One replica of the packaged app (%s), one fast receiver on loopback (the JDK's "
                        + "HttpServer, answering `204` at once; plain `http` and loopback allowed by "
                        + "`INBOXES_WEBHOOKS_ALLOW_HTTP` and `INBOXES_WEBHOOKS_ALLOW_PRIVATE`). The endpoints subscribe "
                        + "to `message.received` of one inbox. Latency: one message at a time over SMTP, from its `250` "
                        + "to each endpoint's request arriving at the receiver (every request, and the last of each "
                        + "message's); the next message once all have arrived. Burst: messages sent at once by %d "
                        + "SMTP connections, until every delivery has arrived. Run on %s (%s, %s); load average %s. "
                        + "This section alone: `./mvnw -B -Pbench -pl bench -am verify -DskipTests "
                        + "-Dbench.webhook-only=true`.%n%n", figures.settings(), BURST_SENDERS,
                        java.time.LocalDate.now(java.time.ZoneOffset.UTC), Machine.describe(), database,
                        figures.loadAverage()))
                .append(String.format("| endpoints | messages | requests | p50 ms | p99 ms (goal ≤ %.0f ms) | mean ms "
                        + "| last of each message p50 / p99 ms |%n| ---: | ---: | ---: | ---: | ---: | ---: | ---: |%n",
                        GOAL_P99_MS));
        for (Result result : figures.results()) {
            md.append(String.format("| %d | %d | %d | %s | %s %s | %s | %s / %s |%n", result.endpoints(),
                    result.rounds(), result.latency().samples(), result.latency().median(), result.latency().p99(),
                    result.latency().p99Ms() <= GOAL_P99_MS ? "met" : "not met", Stats.format(result.latency().meanMs()),
                    result.last().median(), result.last().p99()));
        }
        md.append("\n| endpoints | burst messages | deliveries | seconds to the last delivery | deliveries /s | mail in /s "
                        + "(to the last `250`) |\n")
                .append("| ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (Result result : figures.results()) {
            md.append(String.format("| %d | %,d | %,d | %.2f | %,.0f | %,.0f |%n", result.endpoints(),
                    result.burstMessages(), result.burstDeliveries(), result.burstSeconds(),
                    result.deliveriesPerSecond(), result.burstMessages() / result.sendSeconds()));
        }
        return md.toString();
    }
}
