package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItPostgres;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Attacks on the HTTP server over real sockets, against one packaged app with a 400 MB heap (the deployment's) and
 * small limits: half-sent heads from one address, a flood of unauthenticated megabyte bodies, the sign-up limit
 * through other spellings of its path, NUL bytes in ids, ambiguous framing, and waits from one address. Each attack
 * comes from an address of its own (127.0.0.x; Linux answers on all of 127/8), so that its limits are its own.
 */
class HostileHttpClientsIT {

    private static final int CONNECTIONS_PER_ADDRESS = 20;
    private static final int MAX_CONNECTIONS = 150;
    private static final int HEAD_DEADLINE_SECONDS = 5;
    private static final int SIGN_UPS_PER_ADDRESS = 2;
    private static final int WAITS_PER_ADDRESS = 3;

    @TempDir
    static Path workDir;
    private static ItPostgres database;
    private static AppProcess app;
    private static Client client;
    private static String inboxId;

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
            assertThat(readiness.body()).contains("\"http-connections\"").contains("\"open\": " + MAX_CONNECTIONS);
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
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                received.write(buffer, 0, read);
            }
        } catch (SocketTimeoutException | java.net.SocketException stopped) {
            // what came so far is the answer
        }
        return received.toString(StandardCharsets.UTF_8);
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    /** The JVM's heap in use, from the app's Prometheus metrics. */
    private static long heapUsedBytes() throws Exception {
        String metrics = client.send("GET", app.managementUrl + "/q/metrics", null, null).body();
        Matcher used = Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\"[^}]*} ([0-9.E+]+)$").matcher(metrics);
        double total = 0;
        while (used.find()) {
            total += Double.parseDouble(used.group(1));
        }
        return (long) total;
    }
}
