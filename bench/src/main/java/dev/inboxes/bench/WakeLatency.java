package dev.inboxes.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * (f) Waiting for a message: the wake latency from the SMTP {@code 250} to the waiting response, with 1 and 100
 * waiters on the inbox, waiting on the replica that receives the message or on another one (woken through
 * PostgreSQL NOTIFY); and what a waiter costs while it waits (heap after a full GC, threads, resident memory).
 */
final class WakeLatency {

    static final int[] WAITERS = {1, 100};
    /** Waits held open at once to measure their idle cost. */
    static final int IDLE_WAITERS = Effort.SMOKE ? 20 : 1_000;
    /** The most waits this section holds open at once, each on its own connection from this one address. */
    static final int MOST_WAITERS = Math.max(IDLE_WAITERS, WAITERS[WAITERS.length - 1]);
    /** The goal of the wake latency's p99, in milliseconds. */
    static final double GOAL_P99_MS = 100;
    /** One waiter alone must not be slowed by the fan-out's machinery. */
    static final double ONE_WAITER_GOAL_P99_MS = 20;
    /** Messages delivered per case with one waiter; with more, fewer rounds give as many samples or more. */
    private static final int ROUNDS_ONE_WAITER = 200;
    private static final int ROUNDS_MANY_WAITERS = 30;
    /** Rounds before each case's measured ones, not counted (connections opened, code paths compiled). */
    static final int WARM_UP_ROUNDS = Effort.rounds(5);
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");
    private static final Pattern PROC_FIELD = Pattern.compile("(?m)^(Threads|VmRSS):\\s+(\\d+)");

    /** One case's figures. */
    /** @param latency every waiter's; {@code last} the slowest waiter's of each round */
    record Result(String replica, int waiters, int rounds, Stats latency, Stats last) {
    }

    /** What the idle waiters cost on the replica that held them. */
    record IdleCost(int waiters, double heapBytesPerWaiter, double rssBytesPerWaiter, long threadsBefore,
                    long threadsDuring) {
    }

    /** All of (f). */
    /** @param loadAverage the machine's load averages (1, 5, 15 min) before and after */
    record Figures(List<Result> wakes, IdleCost idle, String loadAverage) {
    }

    private WakeLatency() {
    }

    static int roundsFor(int waiters) {
        return Effort.rounds(waiters == 1 ? ROUNDS_ONE_WAITER : ROUNDS_MANY_WAITERS);
    }

    /** @param receiver the replica SMTP delivers to; {@code other} a second replica on the same database */
    static Figures run(App receiver, App other, Http anonymous) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        String loadBefore = Machine.loadAverage();
        List<Result> wakes = new ArrayList<>();
        for (int waiters : WAITERS) {
            wakes.addAll(measure(http, anonymous, receiver, other, waiters));
        }
        return new Figures(wakes, idleCost(anonymous, other), loadBefore + " → " + Machine.loadAverage());
    }

    /**
     * One case for each replica, their rounds interleaved (A, B, A, …) so both meet the same load: waits on the
     * receiving replica, then waits on the other one, each on its own inbox.
     */
    private static List<Result> measure(HttpClient http, Http anonymous, App receiver, App other, int waiters)
            throws Exception {
        Benchmark.log("(f) wake latency, %d waiter%s, on A and on B in turn", waiters, waiters == 1 ? "" : "s");
        Case same = new Case("A (same replica)", receiver, anonymous);
        Case across = new Case("B (across replicas)", other, anonymous);
        int rounds = roundsFor(waiters);
        try (SmtpIngest.SmtpConnection smtp = new SmtpIngest.SmtpConnection(receiver.smtpPort)) {
            for (int round = -WARM_UP_ROUNDS; round < rounds; round++) {
                for (Case each : List.of(same, across)) {
                    each.round(http, smtp, waiters, round, round >= 0);
                }
            }
        }
        return List.of(same.result(waiters, rounds), across.result(waiters, rounds));
    }

    /** The waits of one case: an inbox of its own, waited on at one replica. */
    private static final class Case {
        final String replica;
        final App waitingOn;
        final Http account;
        final String inboxId;
        final String address;
        final Samples every = new Samples();
        final Samples last = new Samples();
        String since;

        Case(String replica, App waitingOn, Http anonymous) throws Exception {
            this.replica = replica;
            this.waitingOn = waitingOn;
            account = newAccount(anonymous);
            JsonNode inbox = account.create("/v1/inboxes", "{\"username\":\"wake-" + System.nanoTime() + "\"}");
            inboxId = inbox.path("id").asText();
            address = inbox.path("address").asText();
            since = Http.JSON.readTree(account.get("/v1/inboxes/" + inboxId + "/messages/wait?timeout=1"))
                    .path("next").asText();
        }

        void round(HttpClient http, SmtpIngest.SmtpConnection smtp, int waiters, int round, boolean counted)
                throws Exception {
            URI uri = URI.create(waitingOn.baseUrl + "/v1/inboxes/" + inboxId + "/messages/wait?timeout=30&since="
                    + since);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + account.apiKey).GET().build();
            List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
            List<CompletableFuture<Long>> returned = new ArrayList<>();
            for (int i = 0; i < waiters; i++) {
                CompletableFuture<HttpResponse<String>> response = http.sendAsync(request,
                        HttpResponse.BodyHandlers.ofString());
                responses.add(response);
                returned.add(response.thenApply(done -> System.nanoTime()));
            }
            // The waits register (their first look) before the message comes; one that had not yet would find it on
            // its first look, later: the figure errs on the slow side.
            Thread.sleep(waiters == 1 ? 100 : 400);
            smtp.deliver(address, message(address, round));
            long acknowledged = System.nanoTime();
            long slowest = 0;
            for (CompletableFuture<Long> done : returned) {
                long wake = done.get(60, TimeUnit.SECONDS) - acknowledged;
                slowest = Math.max(slowest, wake);
                if (counted) {
                    every.add(wake);
                }
            }
            if (counted) {
                last.add(slowest);
            }
            for (CompletableFuture<HttpResponse<String>> response : responses) {
                JsonNode result = Http.JSON.readTree(response.get().body());
                if (response.get().statusCode() != 200 || result.path("timed_out").asBoolean()) {
                    throw new IllegalStateException("a wait did not wake with the message: " + result);
                }
                since = result.path("next").asText();
            }
        }

        Result result(int waiters, int rounds) {
            return new Result(replica, waiters, rounds, every.stats(), last.stats());
        }
    }

    /**
     * Holds {@link #IDLE_WAITERS} waits open (raw connections, one request each) and compares the replica's heap
     * after a full GC, its threads and its resident memory with and without them.
     */
    private static IdleCost idleCost(Http anonymous, App app) throws Exception {
        Benchmark.log("(f) idle cost of %,d waiters", IDLE_WAITERS);
        Http account = newAccount(anonymous);
        String inboxId = account.create("/v1/inboxes", "{}").path("id").asText();
        long[] before = footprint(app.pid());
        List<Socket> sockets = new ArrayList<>();
        URI base = URI.create(app.baseUrl);
        byte[] request = ("GET /v1/inboxes/" + inboxId + "/messages/wait?timeout=60 HTTP/1.1\r\nHost: localhost\r\n"
                + "Authorization: Bearer " + account.apiKey + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        try {
            for (int i = 0; i < IDLE_WAITERS; i++) {
                Socket socket = new Socket(base.getHost(), base.getPort());
                OutputStream out = socket.getOutputStream();
                out.write(request);
                out.flush();
                sockets.add(socket);
            }
            Thread.sleep(3_000); // every wait registered
            long[] during = footprint(app.pid());
            return new IdleCost(IDLE_WAITERS, (during[0] - before[0]) / (double) IDLE_WAITERS,
                    (during[2] - before[2]) / (double) IDLE_WAITERS, before[1], during[1]);
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    /** {heap used after a full GC, live threads, resident set} of the process, in bytes and threads. */
    private static long[] footprint(long pid) throws Exception {
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        run(jcmd, String.valueOf(pid), "GC.run");
        Matcher heap = HEAP_USED.matcher(run(jcmd, String.valueOf(pid), "GC.heap_info"));
        if (!heap.find()) {
            throw new IllegalStateException("jcmd GC.heap_info printed no heap use");
        }
        long threads = 0;
        long rss = 0;
        Matcher status = PROC_FIELD.matcher(Files.readString(Path.of("/proc", String.valueOf(pid), "status")));
        while (status.find()) {
            if (status.group(1).equals("Threads")) {
                threads = Long.parseLong(status.group(2));
            } else {
                rss = Long.parseLong(status.group(2)) * 1024;
            }
        }
        return new long[] {Long.parseLong(heap.group(1)) * 1024, threads, rss};
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    private static Http newAccount(Http anonymous) throws Exception {
        JsonNode account = Http.JSON.readTree(anonymous.post("/v1/accounts", "{}", null).body());
        return anonymous.as(account.path("api_key").asText());
    }

    private static byte[] message(String to, int round) {
        return ("From: Service <no-reply@service.example>\r\nTo: " + to + "\r\nSubject: Your verification code\r\n"
                + "Message-ID: <wake-" + round + "." + System.nanoTime() + "@service.example>\r\n\r\n"
                + "Your code is " + (100000 + round) + ".\r\n").getBytes(StandardCharsets.US_ASCII);
    }
}
