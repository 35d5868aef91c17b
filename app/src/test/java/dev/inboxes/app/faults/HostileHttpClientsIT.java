package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.RawHttp;
import dev.inboxes.app.support.Smtp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attacks on the HTTP server over real sockets, against one packaged app with a 400 MB heap (the deployment's) and
 * small limits: half-sent heads from one address, a flood of unauthenticated megabyte bodies, the sign-up limit
 * through other spellings of its path, NUL bytes in ids, ambiguous framing, and waits from one address; and, on the
 * same heap, thirty 10 MB mails at once to the SMTP receiver. Each attack
 * comes from an address of its own (127.0.0.x; Linux answers on all of 127/8), so that its limits are its own.
 */
class HostileHttpClientsIT {

    private static final int CONNECTIONS_PER_ADDRESS = 20;
    private static final int MAX_CONNECTIONS = 150;
    private static final int HEAD_DEADLINE_SECONDS = 5;
    private static final int SIGN_UPS_PER_ADDRESS = 2;
    private static final int WAITS_PER_ADDRESS = 3;
    private static final Pattern HEAP_USED = Pattern.compile(
            "(?m)^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} ([0-9.E+]+)$");
    private static final Pattern LIVE_AFTER_GC = Pattern.compile(
            "(?m)^jvm_gc_live_data_size_bytes(?:\\{[^}]*})? ([0-9.E+]+)$");

    @TempDir
    static Path workDir;
    private static ItPostgres database;
    private static AppProcess app;
    private static Client client;
    private static String inboxId;
    private static int smtpPort;

    @BeforeAll
    static void start() throws Exception {
        database = new ItPostgres(workDir.resolve("pg")).start();
        Map<String, String> environment = database.appEnvironment();
        environment.put("INBOXES_HTTP_CONNECTIONS_PER_ADDRESS", String.valueOf(CONNECTIONS_PER_ADDRESS));
        environment.put("QUARKUS_HTTP_LIMITS_MAX_CONNECTIONS", String.valueOf(MAX_CONNECTIONS));
        environment.put("INBOXES_WAITS_MAX_TOTAL", "100");
        environment.put("INBOXES_HTTP_HEAD_DEADLINE", HEAD_DEADLINE_SECONDS + "S");
        environment.put("INBOXES_RATE_LIMIT_SIGN_UP_REQUESTS", String.valueOf(SIGN_UPS_PER_ADDRESS));
        environment.put("INBOXES_HTTP_WAITS_PER_ADDRESS", String.valueOf(WAITS_PER_ADDRESS));
        environment.put("INBOXES_HTTP_BODY_BUDGET", "8M");
        smtpPort = AppProcess.freePort();
        environment.put("INBOXES_SMTP_PORT", String.valueOf(smtpPort));
        app = AppProcess.start(workDir.resolve("app"), environment, List.of("-Xmx400m"));
        client = new Client(Client.newAccount(app.baseUrl));
        inboxId = client.createInbox(app.baseUrl);
    }

    @AfterAll
    static void stop() throws Exception {
        try (ItPostgres stopLast = database; AppProcess stopFirst = app) {
            assertThat(app.log()).as("no failure logged as an error").doesNotContain(" ERROR ");
        }
    }

    @Test
    void halfSentHeadsFromOneAddressAreCountedAtAcceptAndCutAtTheHeadDeadline() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS_PER_ADDRESS * 3; i++) {
                Socket socket = connect(50);
                send(socket, "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\n"); // the head never ends
                held.add(socket);
            }
            long started = System.nanoTime();
            HttpResponse<String> other = client.send("GET", app.baseUrl + "/v1/inboxes", null, null);
            assertThat(other.statusCode()).as("another client is served").isEqualTo(200);
            assertThat((System.nanoTime() - started) / 1_000_000).as("while the attacker holds its share")
                    .isLessThan(HEAD_DEADLINE_SECONDS * 1_000);

            Map<String, AtomicInteger> endings = new ConcurrentHashMap<>();
            long cutAt = System.nanoTime();
            for (Socket socket : held) {
                String response = readAll(socket, (HEAD_DEADLINE_SECONDS + 10) * 1_000);
                endings.computeIfAbsent(response.isEmpty() ? "closed" : response.substring(0, 12),
                        key -> new AtomicInteger()).incrementAndGet();
                if (response.startsWith("HTTP/1.1 429")) {
                    assertThat(response).contains("/problems/too-many-connections").containsIgnoringCase("Retry-After: 1")
                            .contains(CONNECTIONS_PER_ADDRESS + " connections");
                }
                if (response.startsWith("HTTP/1.1 408")) {
                    assertThat(response).contains("/problems/request-timeout").contains("request head");
                }
            }
            long seconds = (System.nanoTime() - cutAt) / 1_000_000_000;
            System.out.printf("Half-sent heads: %d connections from one address -> %s, all ended within %d s%n",
                    held.size(), endings, seconds);
            assertThat(endings.keySet()).containsOnly("HTTP/1.1 429", "HTTP/1.1 408");
            assertThat(endings.get("HTTP/1.1 408").get()).as("the address's share, cut at the head deadline")
                    .isEqualTo(CONNECTIONS_PER_ADDRESS);
            assertThat(seconds).isLessThan(HEAD_DEADLINE_SECONDS + 5);
        } finally {
            closeAll(held);
        }
    }

    @Test
    void readinessReportsAServerHoldingAllTheConnectionsItAccepts() throws Exception {
        List<Socket> held = new ArrayList<>();
        try {
            for (int address = 0; held.size() < MAX_CONNECTIONS; address++) {
                for (int i = 0; i < CONNECTIONS_PER_ADDRESS && held.size() < MAX_CONNECTIONS; i++) {
                    held.add(connect(100 + address)); // connected, nothing sent yet
                }
            }
            HttpResponse<String> readiness = client.send("GET", app.managementUrl + "/q/health/ready", null, null);
            assertThat(readiness.statusCode()).as(readiness.body()).isEqualTo(503);
            Matcher open = Pattern.compile("\"open\": (\\d+)").matcher(readiness.body());
            assertThat(readiness.body()).contains("\"http-connections\"");
            assertThat(open.find() ? Integer.parseInt(open.group(1)) : 0).as("this test's, and its client's pooled ones")
                    .isGreaterThanOrEqualTo(MAX_CONNECTIONS);
        } finally {
            closeAll(held);
        }
        app.awaitReadiness(200, java.time.Duration.ofSeconds(10));
    }

    @Test
    void unauthenticatedMegabyteBodiesAreRefusedUnreadAndTheHeapHolds() throws Exception {
        byte[] body = ("{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"" + "x".repeat(1_000_000 - 60) + "\"}")
                .getBytes(StandardCharsets.US_ASCII);
        byte[] head = ("POST /v1/inboxes/" + inboxId + "/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
        ExecutorService senders = Executors.newFixedThreadPool(100); // below the server's connection limit
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            int address = 200 + i % 50;
            done.add(senders.submit(() -> {
                try (Socket socket = connect(address)) {
                    Thread writer = new Thread(() -> {
                        try {
                            socket.getOutputStream().write(head);
                            socket.getOutputStream().write(body);
                        } catch (IOException refusedAndClosed) {
                            // answered before the body was read: the point
                        }
                    });
                    writer.start();
                    String response = readAll(socket, 30_000);
                    writer.join();
                    statuses.computeIfAbsent(response.length() < 12 ? "none" : response.substring(9, 12),
                            key -> new AtomicInteger()).incrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> each : done) {
            each.get();
        }
        senders.shutdown();
        long heap = heapUsedBytes();
        System.out.printf("500 unauthenticated 1 MB bodies at -Xmx400m: %s, heap used after %d MB%n", statuses,
                heap / 1_000_000);
        assertThat(statuses.keySet()).as("refused before authentication, unbuffered").containsOnly("401");
        assertThat(app.isAlive()).isTrue();
        assertThat(client.send("GET", app.managementUrl + "/q/health/live", null, null).statusCode()).isEqualTo(200);
        assertThat(client.send("GET", app.baseUrl + "/v1/inboxes", null, null).statusCode()).isEqualTo(200);
        assertThat(app.log()).doesNotContain("OutOfMemoryError");
    }

    @Test
    void bodiesPastTheBudgetAreRefusedWith503AndRetryAfter() throws Exception {
        String message = "{\"from\":\"a@b.c\",\"subject\":\"s\",\"text\":\"" + "x".repeat(900_000) + "\"}";
        String request = "POST /v1/inboxes/" + inboxId + "/messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                + client.apiKey() + "\r\nContent-Type: application/json\r\nContent-Length: " + message.length()
                + "\r\n\r\n" + message;
        Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> unexpected = new ArrayList<>();
        ExecutorService senders = Executors.newFixedThreadPool(30);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            int address = 80 + i % 5;
            done.add(senders.submit(() -> {
                try (Socket socket = connect(address)) {
                    send(socket, request);
                    String response = readAll(socket, 30_000);
                    String status = response.length() < 12 ? "none" : response.substring(9, 12);
                    statuses.computeIfAbsent(status, key -> new AtomicInteger()).incrementAndGet();
                    if (status.equals("503") && (!response.contains("/problems/unavailable")
                            || !response.toLowerCase(java.util.Locale.ROOT).contains("retry-after: 1"))) {
                        synchronized (unexpected) {
                            unexpected.add(response);
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> each : done) {
            each.get();
        }
        senders.shutdown();
        System.out.printf("30 authenticated 0.9 MB bodies at once, an 8 MB body budget: %s%n", statuses);
        // Read ones are answered (400: a text of 900,000 characters is over the message limit); the others are not read.
        assertThat(statuses.keySet()).contains("503").isSubsetOf("400", "503");
        assertThat(unexpected).isEmpty();
    }

    @Test
    void theSignUpLimitHoldsForEverySpellingOfItsRoute() throws Exception {
        int address = 60;
        for (int i = 0; i < SIGN_UPS_PER_ADDRESS; i++) {
            assertThat(exchange(address, signUp("/v1/accounts"))).startsWith("HTTP/1.1 201");
        }
        for (String path : List.of("/v1/accounts", "/v1/accounts/", "/v1/accounts;x=1", "/v1/account%73",
                "/v1/accounts/;x=1")) {
            assertThat(exchange(address, signUp(path))).as(path).startsWith("HTTP/1.1 429")
                    .contains("/problems/rate-limited");
        }
    }

    /**
     * A request refused before its body is read has its connection closed once the body is dropped, and the response
     * says so: keep-alive clients (the JDK's sends {@code Content-Length: 0} on a GET) sent their next request on it
     * and lost it, under load when a full worker queue sheds requests with 503.
     */
    @Test
    void aRequestRefusedBeforeItsBodyIsReadSaysItsConnectionCloses() throws Exception {
        for (String request : List.of("POST /v1/inboxes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer sk_wrong\r\n"
                + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
                "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")) {
            String response = exchange(80, request);
            assertThat(response).as(request).startsWith("HTTP/1.1 401").containsIgnoringCase("\r\nconnection: close\r\n");
        }
    }

    @Test
    void nulInAnyIdIsA404ProblemThatNeverReachesTheDatabase() throws Exception {
        String auth = "Authorization: Bearer " + client.apiKey() + "\r\n";
        String inbox = "/v1/inboxes/" + inboxId;
        for (String request : List.of("GET " + inbox + "/messages/msg_%00x/raw", "GET " + inbox
                + "/messages/msg_x/attachments/att_%00", "DELETE " + inbox + "/messages/msg_%00x",
                "GET /v1/inboxes/inb_%00x/threads", "DELETE /v1/api-keys/key_%00")) {
            String response = exchange(1, request + " HTTP/1.1\r\nHost: x\r\n" + auth + "Connection: close\r\n\r\n");
            assertThat(response).as(request).startsWith("HTTP/1.1 404").contains("/problems/not-found")
                    .contains("\\\\u0000").contains("ids are letters, digits and '_'");
        }
    }

    @Test
    void ambiguousFramingIsA400AndTheConnectionsClose() throws Exception {
        String auth = "Authorization: Bearer " + client.apiKey() + "\r\n";
        String post = "POST /v1/inboxes HTTP/1.1\r\nHost: x\r\n" + auth + "Content-Type: application/json\r\n";
        Map<String, String> requests = Map.of(
                "an unknown transfer coding", post + "Transfer-Encoding: xchunked\r\nContent-Length: 2\r\n\r\n{}",
                "two Host headers", "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\nHost: y\r\n" + auth + "\r\n",
                "a bad chunk size", post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
        for (Map.Entry<String, String> attack : requests.entrySet()) {
            // A second request follows on the same connection: nothing is read after the refusal.
            String response = exchange(1, attack.getValue() + "GET /v1/inboxes HTTP/1.1\r\nHost: x\r\n" + auth
                    + "\r\n");
            assertThat(response).as(attack.getKey()).startsWith("HTTP/1.1 400").contains("/problems/invalid-request")
                    .contains("Connection: close");
            assertThat(response.split("HTTP/1.1 ", -1)).as(attack.getKey() + ": one response, then the close")
                    .hasSize(2);
        }
    }

    @Test
    void oneAddressHoldsItsShareOfWaitsOnly() throws Exception {
        String wait = "GET /v1/inboxes/" + inboxId + "/messages/wait?timeout=20 HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer " + client.apiKey() + "\r\n\r\n";
        List<Socket> waiting = new ArrayList<>();
        try {
            for (int i = 0; i < WAITS_PER_ADDRESS; i++) {
                Socket socket = connect(70);
                send(socket, wait);
                waiting.add(socket);
            }
            Thread.sleep(1_000); // registered
            String refused = exchange(70, wait.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));
            assertThat(refused).startsWith("HTTP/1.1 429").contains("/problems/too-many-waits")
                    .contains(WAITS_PER_ADDRESS + " waits");
            String elsewhere = exchange(71, wait.replace("timeout=20", "timeout=1")
                    .replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));
            assertThat(elsewhere).as("another address still waits").startsWith("HTTP/1.1 200")
                    .contains("\"timed_out\":true");
        } finally {
            closeAll(waiting);
        }
    }

    private static String signUp(String path) {
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\n{}";
    }

    /** Sends the request from 127.0.0.{host} and reads until the server closes (10 s at most). */
    private static String exchange(int host, String request) throws IOException {
        try (Socket socket = connect(host)) {
            send(socket, request);
            return readAll(socket, 10_000);
        }
    }

    /** A connection from 127.0.0.{host}, so the server sees that client address. */
    private static Socket connect(int host) throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress("127.0.0." + host, 0));
        socket.connect(new InetSocketAddress("127.0.0.1", app.port), 5_000);
        return socket;
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** What the server sent until it closed; what came so far if it did not within the timeout. */
    private static String readAll(Socket socket, int timeoutMillis) throws IOException {
        socket.setSoTimeout(timeoutMillis);
        return RawHttp.readUntilClosed(socket);
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    /**
     * Thirty 10 MB mails at once at -Xmx400m, from three addresses in three networks (ten each, the receiver's share): the message
     * budget takes in what fits and answers the rest 452 4.3.1, read to its end, so nothing runs out of memory;
     * every mail a sender retries after a 452 (or a 421, its address's last connection not yet counted out) is
     * stored, and nothing is stored twice.
     */
    @Test
    void manyLargeMailsAtOnceAreTakenInWithinTheMessageBudget() throws Exception {
        int mails = 30;
        String address = "large-mail@inboxes.test";
        String largeBox = client.createInboxFrom(app.baseUrl, Map.of("username", "large-mail"));
        Map<String, AtomicInteger> replies = new ConcurrentHashMap<>();
        AtomicInteger retries = new AtomicInteger();
        AtomicLong peakHeap = new AtomicLong();
        AtomicLong peakLive = new AtomicLong();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(() -> {
            try {
                String metrics = client.send("GET", app.managementUrl + "/q/metrics", null, null).body();
                peakHeap.accumulateAndGet(sum(metrics, HEAP_USED), Math::max);
                peakLive.accumulateAndGet(sum(metrics, LIVE_AFTER_GC), Math::max);
            } catch (Exception notNow) {
                // the next sample
            }
        }, 0, 200, TimeUnit.MILLISECONDS);
        ExecutorService senders = Executors.newFixedThreadPool(mails);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < mails; i++) {
            int mail = i;
            InetAddress from = InetAddress.getByName("127.0." + (31 + i % 3) + ".1");
            done.add(senders.submit(() -> {
                byte[] message = largeMail(mail, address);
                for (int attempt = 0; ; attempt++) {
                    String reply;
                    try (Smtp.Dialogue smtp = new Smtp.Dialogue(smtpPort, 120_000, from)) {
                        if (smtp.greeting.startsWith("421")) {
                            // This address's previous connection is not yet counted out: an MTA comes back later.
                            reply = smtp.greeting;
                        } else {
                            smtp.command("EHLO large.example");
                            smtp.command("MAIL FROM:<sender" + mail + "@large.example>");
                            smtp.command("RCPT TO:<" + address + ">");
                            reply = smtp.data(message);
                            smtp.command("QUIT");
                        }
                    }
                    replies.computeIfAbsent(reply.substring(0, Math.min(9, reply.length())),
                            key -> new AtomicInteger()).incrementAndGet();
                    if (!(reply.startsWith("452") || reply.startsWith("421")) || attempt == 20) {
                        return reply;
                    }
                    retries.incrementAndGet();
                    Thread.sleep(500); // a sender retries later (an MTA, minutes later)
                }
            }));
        }
        List<String> last = new ArrayList<>();
        for (Future<?> each : done) {
            last.add(String.valueOf(each.get()));
        }
        senders.shutdown();
        sampler.shutdownNow();
        System.out.printf("%d mails of 10 MB at once at -Xmx400m: replies %s (%d retries after a 452), heap used at most "
                + "%d MB, live after a collection at most %d MB%n", mails, replies, retries.get(),
                peakHeap.get() / 1_000_000, peakLive.get() / 1_000_000);
        assertThat(replies.keySet()).as("taken in or deferred, nothing else; the app's warnings: %s",
                        warnings(app.log())).allMatch(reply -> reply.startsWith("250") || reply.startsWith("452 4.3.1")
                        || reply.startsWith("421 4.7.0"));
        assertThat(replies).as("the budget deferred some").containsKey("452 4.3.1");
        assertThat(last).as("every mail was stored once retried").allMatch(reply -> reply.startsWith("250"));
        assertThat(app.isAlive()).isTrue();
        assertThat(app.log()).doesNotContain("OutOfMemoryError");
        JsonNode page = client.get(app.baseUrl + "/v1/inboxes/" + largeBox + "/messages?limit=100");
        assertThat(page.path("data").size()).as("each mail stored once").isEqualTo(mails);
    }

    /** The app's log lines at WARN or above, each with the line after it (the cause, in a stack trace). */
    private static String warnings(String log) {
        List<String> lines = log.lines().toList();
        StringBuilder found = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(" WARN ") || lines.get(i).contains(" ERROR ")) {
                found.append('\n').append(lines.get(i));
                if (i + 1 < lines.size()) {
                    found.append('\n').append(lines.get(i + 1));
                }
            }
        }
        return found.isEmpty() ? "none" : found.toString();
    }

    /** A mail of just under 10 MB (the receiver's limit) of base64 lines, its headers naming it. */
    private static byte[] largeMail(int mail, String to) {
        StringBuilder text = new StringBuilder(10_000_000);
        text.append("From: sender").append(mail).append("@large.example\r\nTo: ").append(to)
                .append("\r\nSubject: large ").append(mail).append("\r\nMessage-ID: <large-").append(mail)
                .append("@large.example>\r\nContent-Type: application/octet-stream\r\n"
                        + "Content-Transfer-Encoding: base64\r\n\r\n");
        String line = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3\r\n";
        while (text.length() + line.length() < 9_900_000) {
            text.append(line);
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The JVM's heap in use, from the app's Prometheus metrics. */
    private static long heapUsedBytes() throws Exception {
        return sum(client.send("GET", app.managementUrl + "/q/metrics", null, null).body(), HEAP_USED);
    }

    private static long sum(String metrics, Pattern metric) {
        Matcher values = metric.matcher(metrics);
        double total = 0;
        while (values.find()) {
            total += Double.parseDouble(values.group(1));
        }
        return (long) total;
    }
}
