package dev.inboxes.app.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Client;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Random hostile requests, seeded: {@value #REQUESTS} over REST (cursors, limits, filters, ids, bodies, methods) and
 * {@value #REQUESTS} MCP tool calls with random arguments. The property holds for the whole run: no answer is a
 * 5xx, no tool call is a JSON-RPC internal error, every error is a problem, and whatever was acknowledged reads back
 * as it was sent. On failure the seed is in the message; rerun it with {@code -Dfuzz.seed=<seed>}.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class HostileFuzzTest {

    static final int REQUESTS = 3_000;
    /** SMTP sessions, each one hostile shape: refused BDAT chunks, deep MIME, unknown charsets, huge headers… */
    static final int SMTP_SESSIONS = 120;
    private static final String MAIL_DOMAIN = "inboxes.test";
    private static final int IN_FLIGHT = 4;
    /** A request line over 4 KiB is refused by the HTTP codec, bodiless (docs/deploy.md lists why). */
    private static final int CODEC_URI_TOO_LONG = 414;
    private static final ObjectMapper ESCAPING = new ObjectMapper();

    static {
        // Lone surrogates and NUL travel as JSON escapes, exactly as a hostile client writes them.
        ESCAPING.getFactory().configure(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature(), true);
    }

    private final long seed = Long.getLong("fuzz.seed", System.nanoTime());
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    private final AtomicInteger reusedClosedConnections = new AtomicInteger();

    private String apiKey;
    private final List<String> inboxIds = new ArrayList<>();
    private final List<String> cursors = new ArrayList<>();
    private final List<String> messageCursors = new ArrayList<>();
    private String strangersInbox;
    private String strangerKey;
    private String strangersAddress;
    private String fuzzAddress;

    @jakarta.inject.Inject
    dev.inboxes.smtp.SmtpReceiver receiver;

    @Test
    void thousandsOfHostileRequestsGetNoServerErrorAndChangeNothingSilently() throws Exception {
        arrange();
        long started = System.nanoTime();
        Map<Integer, AtomicInteger> restStatuses = run(REQUESTS, this::restRequest, 0);
        Map<Integer, AtomicInteger> mcpOutcomes = run(REQUESTS, this::mcpCall, 1);
        Map<Integer, AtomicInteger> smtpReplies = run(SMTP_SESSIONS, this::smtpSession, 2);
        double seconds = (System.nanoTime() - started) / 1e9;

        System.out.printf("Hostile fuzz (seed %d): %d REST requests by status %s (%d resent on a new connection); "
                + "%d MCP calls by outcome %s (0 = result, else the JSON-RPC error code); %d SMTP sessions by last "
                + "reply %s; %.1f s%n", seed, REQUESTS, restStatuses, reusedClosedConnections.get(), REQUESTS,
                mcpOutcomes, SMTP_SESSIONS, smtpReplies, seconds);
        assertThat(new Client(strangerKey).get(Api.baseUrl() + "/v1/inboxes/" + strangersInbox + "/messages")
                .path("total").asInt()).as("messages forged into another account's inbox").isZero();
        assertThat(violations).as("seed %d (rerun with -Dfuzz.seed=%d)", seed, seed).isEmpty();
        assertThat(restStatuses.keySet()).allSatisfy(status -> assertThat(status).isLessThan(500));
        assertThat(mcpOutcomes).doesNotContainKey(-32603);
    }

    private void arrange() throws Exception {
        apiKey = Api.newAccount();
        Client client = new Client(apiKey);
        for (int i = 0; i < 25; i++) {
            inboxIds.add(Api.createInbox(apiKey, i % 3 == 0 ? Map.of() : Map.of("display_name", "Fuzz target " + i)));
        }
        for (int i = 0; i < 12; i++) {
            Api.recordMessage(apiKey, inboxIds.get(0), "Subject " + i, "Text " + i);
        }
        for (String query : List.of("", "&q=fuzz", "&created_after=2000-01-01T00:00:00Z")) {
            cursors.add(client.get(Api.baseUrl() + "/v1/inboxes?limit=2" + query).path("cursor").asText());
        }
        messageCursors.add(client.get(Api.baseUrl() + "/v1/inboxes/" + inboxIds.get(0) + "/messages?limit=2")
                .path("cursor").asText());
        String stranger = Api.newAccount();
        strangerKey = stranger;
        String strangersName = "fuzz-victim-" + Long.toUnsignedString(seed, 36);
        strangersAddress = strangersName + "@" + MAIL_DOMAIN;
        strangersInbox = Api.createInbox(stranger, Map.of("username", strangersName));
        String fuzzName = "fuzz-smtp-" + Long.toUnsignedString(seed, 36);
        fuzzAddress = fuzzName + "@" + MAIL_DOMAIN;
        Api.createInbox(apiKey, Map.of("username", fuzzName));
        cursors.add(new Client(stranger).get(Api.baseUrl() + "/v1/inboxes?limit=1").path("cursor").asText(""));
        String listing = client.mcp(Api.baseUrl(), "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                client.mcpSession(Api.baseUrl())).body();
        JsonNode listed = Client.JSON.readTree(listing.startsWith("{") ? listing
                : listing.substring(listing.indexOf("data:") + 5).trim());
        for (JsonNode tool : listed.at("/result/tools")) {
            List<String> names = new ArrayList<>();
            tool.at("/inputSchema/properties").fieldNames().forEachRemaining(names::add);
            tools.put(tool.path("name").asText(), names);
        }
        assertThat(tools).as(listing).containsKeys("list_inboxes", "create_inbox", "list_messages");
    }

    @FunctionalInterface
    private interface Probe {
        /** Sends the i-th random request; returns its outcome (an HTTP status, or an MCP outcome code). */
        int send(Random random, String session) throws Exception;
    }

    /** @param stream tells the REST and the MCP run's random streams apart, both derived from the one seed */
    private Map<Integer, AtomicInteger> run(int count, Probe probe, int stream) throws Exception {
        Map<Integer, AtomicInteger> outcomes = new java.util.concurrent.ConcurrentSkipListMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(IN_FLIGHT);
        try {
            List<Future<?>> workers = new ArrayList<>();
            AtomicInteger next = new AtomicInteger();
            for (int w = 0; w < IN_FLIGHT; w++) {
                workers.add(pool.submit(() -> {
                    String session = new Client(apiKey).mcpSession(Api.baseUrl());
                    for (int i; (i = next.getAndIncrement()) < count; ) {
                        Random random = new Random(seed * 31 + i * 7919L + stream * 1_000_003L);
                        try {
                            int outcome = probe.send(random, session);
                            outcomes.computeIfAbsent(outcome, key -> new AtomicInteger()).incrementAndGet();
                        } catch (Exception e) {
                            violations.add("request " + i + " failed on the client: " + e);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return outcomes;
    }

    // ---- SMTP ----

    /**
     * One SMTP session of one hostile shape. Every reply must be the expected one (no 421, no 451: a message that
     * cannot be parsed is stored raw), the session must stay in step (a NOOP after it is answered 250), and no chunk
     * may deliver anything to the stranger's inbox.
     */
    private int smtpSession(Random random, String unused) throws Exception {
        int shape = random.nextInt(8);
        try (dev.inboxes.app.support.Smtp.Dialogue smtp = new dev.inboxes.app.support.Smtp.Dialogue(receiver.port())) {
            smtp.command("EHLO fuzz.example");
            String last;
            switch (shape) {
                case 0, 1 -> {
                    // A refused chunk that holds a whole transaction for the stranger's inbox, pipelined.
                    byte[] forged = dev.inboxes.app.support.Smtp.crlf("MAIL FROM:<x@evil.example>\nRCPT TO:<"
                            + strangersAddress + ">\n" + (random.nextBoolean() ? "DATA\nSubject: forged\n\nx\n.\n"
                            : "BDAT 3 LAST\nabc"));
                    String refused = shape == 0 ? "MAIL FROM:<a@example.com>\nRCPT TO:<nobody-" + random.nextInt()
                            + "@" + MAIL_DOMAIN + ">\n" : "";
                    smtp.write(dev.inboxes.app.support.Smtp.concat(dev.inboxes.app.support.Smtp.crlf(refused + "BDAT "
                            + forged.length + (random.nextBoolean() ? " LAST" : "") + "\n"), forged));
                    if (shape == 0) {
                        expect(smtp.reply(), "250", shape);
                        expect(smtp.reply(), "550", shape);
                    }
                    last = smtp.reply();
                    expect(last, "503", shape);
                }
                case 2 -> last = data(smtp, nested(random.nextInt(3_000) + 1));
                case 3 -> last = data(smtp, "Subject: " + ("=?zz" + random.nextInt(100) + "?q?a?= ").repeat(
                        random.nextInt(20_000) + 1) + "\n\nx\n");
                case 4 -> last = data(smtp, "Subject: =?utf-8?B?" + java.util.Base64.getEncoder().encodeToString(
                        "\uD83D\uDCE6".repeat(random.nextInt(4_000) + 1).getBytes(StandardCharsets.UTF_8))
                        + "?=\nMessage-ID: <" + random.nextLong() + "a".repeat(random.nextInt(880)) + "@f.example>\n"
                        + "References: <" + "b".repeat(random.nextInt(900) + 1) + "@f.example>\n\nx\n");
                case 5 -> last = data(smtp, "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Disposition: "
                        + "attachment; filename*=UTF-8''a%E2%80%AE" + random.nextInt() + "fdp.exe\n\nMZ\n--b--\n");
                case 6 -> {
                    byte[] message = dev.inboxes.app.support.Smtp.crlf("Subject: chunks " + random.nextLong()
                            + "\n\nx\n");
                    int split = 1 + random.nextInt(message.length - 1);
                    smtp.write(dev.inboxes.app.support.Smtp.concat(dev.inboxes.app.support.Smtp.crlf(
                            "MAIL FROM:<a@example.com>\nRCPT TO:<" + fuzzAddress + ">\nBDAT " + split + "\n"),
                            java.util.Arrays.copyOfRange(message, 0, split), dev.inboxes.app.support.Smtp.crlf("BDAT "
                            + (message.length - split) + " LAST\n"), java.util.Arrays.copyOfRange(message, split,
                            message.length)));
                    expect(smtp.reply(), "250", shape);
                    expect(smtp.reply(), "250", shape);
                    expect(smtp.reply(), "250", shape);
                    last = smtp.reply();
                    expect(last, "250", shape);
                }
                default -> last = data(smtp, "Content-Type: text/plain; charset=x-" + random.nextInt(1_000)
                        + "\n\n" + "a".repeat(random.nextInt(200_000)) + "@b.example code 123456\n");
            }
            expect(smtp.command("NOOP"), "250", shape);
            return last == null ? -1 : Integer.parseInt(last.substring(0, 3));
        }
    }

    private String data(dev.inboxes.app.support.Smtp.Dialogue smtp, String message) throws Exception {
        expect(smtp.command("MAIL FROM:<a@example.com>"), "250", -1);
        expect(smtp.command("RCPT TO:<" + fuzzAddress + ">"), "250", -1);
        String reply = smtp.data(dev.inboxes.app.support.Smtp.crlf(message));
        expect(reply, "250", -1);
        return reply;
    }

    private void expect(String reply, String code, int shape) {
        if (reply == null || !reply.startsWith(code)) {
            violations.add("SMTP shape " + shape + ": expected " + code + ", got " + excerpt(String.valueOf(reply)));
        }
    }

    private static String nested(int depth) {
        StringBuilder message = new StringBuilder("Subject: deep\nContent-Type: multipart/mixed; boundary=b0\n\n");
        for (int level = 1; level <= depth; level++) {
            message.append("--b").append(level - 1).append("\nContent-Type: multipart/mixed; boundary=b").append(level)
                    .append("\n\n");
        }
        return message.append("--b").append(depth).append("\nContent-Type: text/plain\n\ndeep\n").toString();
    }

    // ---- REST ----

    private int restRequest(Random random, String session) throws Exception {
        String base = Api.baseUrl();
        int kind = random.nextInt(13);
        String method = "GET";
        String path;
        byte[] body = null;
        Map<String, String> sentFields = null;
        switch (kind) {
            case 0, 1 -> path = "/v1/inboxes" + query(random, List.of("limit", "cursor", "q", "created_after",
                    "created_before", "filter", "page"));
            case 2 -> path = "/v1/inboxes/" + pathSegment(random);
            case 3 -> {
                method = "DELETE";
                path = "/v1/inboxes/" + (random.nextInt(10) == 0 ? strangersInbox : pathSegment(random));
            }
            case 4 -> path = "/v1/inboxes/" + (random.nextBoolean() ? inboxIds.get(0) : pathSegment(random)) + "/messages"
                    + query(random, List.of("limit", "cursor", "q"));
            case 5 -> {
                method = "POST";
                path = "/v1/inboxes";
                sentFields = new LinkedHashMap<>();
                body = body(random, List.of("username", "display_name", "displayName", "email"), sentFields);
            }
            case 6 -> {
                method = "POST";
                path = "/v1/inboxes/" + (random.nextInt(4) == 0 ? pathSegment(random) : inboxIds.get(1)) + "/messages";
                sentFields = new LinkedHashMap<>();
                body = body(random, List.of("from", "to", "subject", "text", "html"), sentFields);
            }
            case 7 -> {
                method = random.nextBoolean() ? "GET" : "DELETE";
                path = "/v1/api-keys" + (method.equals("GET") ? query(random, List.of("limit", "cursor"))
                        : "/" + pathSegment(random));
            }
            case 8 -> {
                method = "POST";
                path = "/v1/inboxes/bulk-delete";
                body = body(random, List.of("q", "created_after", "created_before", "confirm_token"), new LinkedHashMap<>());
            }
            case 9 -> path = "/v1/events" + query(random, List.of("limit", "cursor", "type", "inbox_id", "since"));
            case 10 -> {
                method = "POST";
                path = "/v1/webhooks";
                body = body(random, List.of("url", "event_types", "inbox_ids", "secret"), new LinkedHashMap<>());
            }
            case 11 -> {
                method = List.of("GET", "PATCH", "DELETE", "POST").get(random.nextInt(4));
                String webhook = "/v1/webhooks/" + pathSegment(random);
                path = switch (method) {
                    case "GET" -> random.nextBoolean() ? webhook
                            : webhook + "/deliveries" + query(random, List.of("limit", "cursor"));
                    case "POST" -> random.nextBoolean() ? webhook + "/rotate-secret"
                            : webhook + "/deliveries/" + pathSegment(random) + "/retry";
                    default -> webhook;
                };
                if (method.equals("PATCH")) {
                    body = body(random, List.of("url", "event_types", "inbox_ids", "status"), new LinkedHashMap<>());
                }
            }
            default -> {
                method = List.of("PUT", "PATCH", "DELETE", "POST", "OPTIONS", "HEAD").get(random.nextInt(6));
                path = List.of("/v1/inboxes", "/v1/accounts", "/v1/inboxes/" + inboxIds.get(2) + "/messages",
                        "/v1/api-keys", "/v1/unknown/" + pathSegment(random), "/v1/events", "/v1/webhooks")
                        .get(random.nextInt(7));
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + apiKey)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null) {
            request.header("Content-Type", random.nextInt(20) == 0 ? "text/plain" : "application/json");
        }
        if (method.equals("POST") && random.nextInt(4) == 0) {
            request.header("Idempotency-Key", asciiHeader(random));
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException closed) {
            // The HTTP codec closes the connection after a bodiless 414 without saying "Connection: close", so the
            // client may reuse a connection that is gone: send again once, as a client would (docs/deploy.md).
            reusedClosedConnections.incrementAndGet();
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
        int status = response.statusCode();
        String where = method + " " + path.substring(0, Math.min(path.length(), 200));
        if (status >= 500) {
            violations.add(status + " for " + where + ": " + excerpt(response.body()));
        } else if (status >= 400 && !method.equals("HEAD") && status != CODEC_URI_TOO_LONG
                && !response.headers().firstValue("Content-Type").orElse("").startsWith("application/problem+json")) {
            violations.add("a " + status + " without a problem body for " + where + ": " + excerpt(response.body()));
        } else if (status == 201 && sentFields != null && path.equals("/v1/inboxes")) {
            checkStoredAsSent(response, sentFields, where);
        }
        return status;
    }

    /** An acknowledged create is stored exactly as sent: read back equal, text fields unchanged. */
    private void checkStoredAsSent(HttpResponse<String> created, Map<String, String> sent, String where) throws Exception {
        JsonNode inbox = Client.JSON.readTree(created.body());
        String displayName = sent.get("display_name");
        if (displayName != null && !displayName.equals(inbox.path("display_name").asText())
                && !created.headers().firstValue("Idempotent-Replayed").isPresent()) {
            violations.add("display_name changed on " + where + ": sent " + Client.JSON.writeValueAsString(displayName)
                    + ", got " + inbox.path("display_name"));
        }
        JsonNode read = new Client(apiKey).get(Api.baseUrl() + "/v1/inboxes/" + inbox.path("id").asText());
        if (!read.equals(inbox)) {
            violations.add("read back differently after " + where + ": " + inbox + " then " + read);
        }
    }

    // ---- MCP ----

    /** Every tool the server lists, with the argument names its input schema declares (read in {@link #arrange}). */
    private final Map<String, List<String>> tools = new java.util.TreeMap<>();

    private int mcpCall(Random random, String session) throws Exception {
        List<String> toolNames = List.copyOf(tools.keySet());
        String tool = random.nextInt(25) == 0 ? hostileText(random) : toolNames.get(random.nextInt(toolNames.size()));
        Map<String, Object> arguments = new LinkedHashMap<>();
        List<String> names = tools.getOrDefault(tool, List.of("x"));
        for (String name : names) {
            if (random.nextInt(3) > 0) {
                arguments.put(name, jsonValue(random, name));
            }
        }
        if (random.nextInt(12) == 0) {
            arguments.put(random.nextBoolean() ? "confirm" : hostileText(random), true);
        }
        if (tool.equals("wait_for_message") && !(arguments.get("timeout_seconds") instanceof String)) {
            // A valid wait holds its call until the timeout: the shortest one, so the run stays short.
            arguments.put("timeout_seconds", 1);
        }
        int shape = random.nextInt(40);
        Object params = shape == 0 ? List.of(tool) : shape == 1 ? Map.of("name", tool)
                : Map.of("name", tool, "arguments", shape == 2 ? List.of(1) : arguments);
        boolean sentArguments = shape > 2;
        String message = ESCAPING.writeValueAsString(Map.of("jsonrpc", "2.0", "id", random.nextInt(1_000_000),
                "method", "tools/call", "params", params));
        HttpResponse<String> response = new Client(apiKey).mcp(Api.baseUrl(), message, session);
        String what = "tools/call " + excerpt(message);
        if (response.statusCode() >= 500) {
            violations.add(response.statusCode() + " for " + what + ": " + excerpt(response.body()));
            return response.statusCode();
        }
        String body = response.body();
        JsonNode answer = Client.JSON.readTree(body.startsWith("{") ? body : body.substring(body.indexOf("data:") + 5).trim());
        if (answer.has("error")) {
            int code = answer.at("/error/code").asInt();
            if (code == -32603) {
                violations.add("internal error for " + what + ": " + excerpt(answer.toString()));
            }
            return code;
        }
        if (!answer.has("result")) {
            violations.add("neither result nor error for " + what + ": " + excerpt(body));
        } else if (sentArguments && tool.equals("create_inbox") && !answer.at("/result/isError").asBoolean()
                && arguments.get("display_name") instanceof String sentName
                && !sentName.equals(answer.at("/result/structuredContent/display_name").asText())) {
            violations.add("display_name changed by " + what + ": " + excerpt(answer.toString()));
        }
        return 0;
    }

    // ---- values ----

    private static final List<String> NASTY = List.of("", " ", "\u0000", "a\u0000b", "\u0001\u001f\u007f", "\n\r\t",
            "\ud800", "a\udc00b", "\udbff\udfff", "📬", "\ud83d", "é", "\u202e", "\uFEFF", "\uFFFD", "' OR 1=1 --",
            "%", "_", "\\", "%_\\", "null", "undefined", "NaN", "-1", "0", "1e309", "99999999999999999999",
            "<script>", "${jndi:ldap://x}", "../../etc/passwd", "inb_00000000000000000000", "key_00000000000000000000",
            "-5000-01-01T00:00:00Z", "+294277-01-01T00:00:00Z", "-4713-11-24T00:00:00Z", "+294246-12-31T23:59:59.999999Z",
            "2026-13-01T00:00:00Z", "2026-11-29T10:00:00 01:00", "2026-11-29", "yesterday");

    private String hostileText(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> NASTY.get(random.nextInt(NASTY.size())) + NASTY.get(random.nextInt(NASTY.size()));
            case 1 -> "x".repeat(random.nextInt(3) == 0 ? 100_000 : 1 + random.nextInt(600));
            case 2 -> randomChars(random, 1 + random.nextInt(40));
            case 3 -> mutated(random, cursors.get(random.nextInt(cursors.size())));
            case 4 -> inboxIds.get(random.nextInt(inboxIds.size()));
            default -> NASTY.get(random.nextInt(NASTY.size()));
        };
    }

    private Object jsonValue(Random random, String name) {
        return switch (random.nextInt(10)) {
            case 0 -> random.nextInt(3) - 1 + random.nextInt(300);
            case 1 -> random.nextDouble() * 1e6;
            case 2 -> random.nextBoolean();
            case 3 -> null;
            case 4 -> List.of(hostileText(random));
            case 5 -> Map.of("x", hostileText(random));
            case 6 -> validFor(random, name);
            default -> hostileText(random);
        };
    }

    private Object validFor(Random random, String name) {
        return switch (name) {
            case "limit" -> 1 + random.nextInt(100);
            case "cursor" -> cursors.get(random.nextInt(cursors.size()));
            case "inbox_id" -> inboxIds.get(random.nextInt(inboxIds.size()));
            case "created_after", "created_before" -> Instant.parse("2026-01-01T00:00:00Z")
                    .plusSeconds(random.nextInt(1_000_000_000)).toString();
            case "display_name" -> "Fuzzed " + randomChars(random, 1 + random.nextInt(20));
            case "type" -> "message.received";
            case "event_types" -> List.of("inbox.created", hostileText(random));
            case "url" -> "https://example.com/" + randomChars(random, 1 + random.nextInt(20));
            case "username" -> "fz-" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36);
            default -> hostileText(random);
        };
    }

    private String query(Random random, List<String> names) {
        StringBuilder query = new StringBuilder();
        for (String name : names) {
            if (random.nextInt(3) == 0) {
                Object value = random.nextInt(3) == 0 ? validFor(random, name) : hostileText(random);
                if (name.equals("cursor") && random.nextInt(3) == 0) {
                    value = messageCursors.get(0);
                }
                query.append(query.length() == 0 ? '?' : '&').append(name).append('=').append(queryValue(random, String.valueOf(value)));
            }
        }
        return query.toString();
    }

    /** Percent-encoded as UTF-8, or now and then raw bytes that are not UTF-8 at all. */
    private static String queryValue(Random random, String value) {
        String encoded = URLEncoder.encode(value.length() > 3_000 ? value.substring(0, 3_000) : value, StandardCharsets.UTF_8);
        return switch (random.nextInt(12)) {
            case 0 -> encoded + "%FF";
            case 1 -> "%C0%AF" + encoded;
            case 2 -> encoded + "%ED%A0%80";
            case 3 -> encoded.replace("%2B", "+");
            default -> encoded;
        };
    }

    private String pathSegment(Random random) {
        String value = hostileText(random);
        String encoded = URLEncoder.encode(value.length() > 2_000 ? value.substring(0, 2_000) : value, StandardCharsets.UTF_8)
                .replace("+", "%20");
        return encoded.isEmpty() ? "%20" : random.nextInt(8) == 0 ? encoded + "%00" : encoded;
    }

    /** A JSON object of some of these fields with random values, or now and then no JSON or no UTF-8 at all. */
    private byte[] body(Random random, List<String> fields, Map<String, String> sentStrings) throws Exception {
        switch (random.nextInt(14)) {
            case 0 -> {
                return "{\"display_name\":".getBytes(StandardCharsets.UTF_8);
            }
            case 1 -> {
                return new byte[] {'{', '"', 't', 'e', 'x', 't', '"', ':', '"', (byte) 0xFF, (byte) 0xC0, '"', '}'};
            }
            case 2 -> {
                return ESCAPING.writeValueAsBytes(List.of(hostileText(random)));
            }
            case 3 -> {
                return "null".getBytes(StandardCharsets.UTF_8);
            }
            default -> {
                Map<String, Object> object = new LinkedHashMap<>();
                for (String field : fields) {
                    if (random.nextInt(2) == 0) {
                        Object value = random.nextInt(3) == 0 ? validFor(random, field) : jsonValue(random, field);
                        if (field.equals("from") || field.equals("to")) {
                            value = random.nextBoolean() ? "fuzz" + random.nextInt(100) + "@example.com" : value;
                        }
                        object.put(field, value);
                        if (value instanceof String text) {
                            sentStrings.put(field, text);
                        }
                    }
                }
                return ESCAPING.writeValueAsBytes(object);
            }
        }
    }

    private static String asciiHeader(Random random) {
        StringBuilder key = new StringBuilder();
        int length = random.nextInt(5) == 0 ? 300 : 1 + random.nextInt(40);
        for (int i = 0; i < length; i++) {
            key.append((char) (0x21 + random.nextInt(0x5e)));
        }
        return key.toString();
    }

    private static String randomChars(Random random, int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int kind = random.nextInt(10);
            text.append(kind < 6 ? (char) ('a' + random.nextInt(26)) : kind < 8 ? (char) random.nextInt(0x10000)
                    : (char) (0x20 + random.nextInt(0x60)));
        }
        return text.toString();
    }

    private static String mutated(Random random, String cursor) {
        if (cursor.isEmpty()) {
            return "AAAA";
        }
        int at = random.nextInt(cursor.length());
        return switch (random.nextInt(4)) {
            case 0 -> cursor.substring(0, at);
            case 1 -> cursor + cursor.substring(at);
            case 2 -> cursor.substring(0, at) + (char) ('A' + random.nextInt(26)) + cursor.substring(at + 1);
            default -> cursor;
        };
    }

    private static String excerpt(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "…" : text;
    }
}
