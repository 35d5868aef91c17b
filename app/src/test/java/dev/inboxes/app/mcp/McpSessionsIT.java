package dev.inboxes.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.JvmOnly;
import dev.inboxes.app.support.SharedApp;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * MCP sessions against the packaged app, with the official MCP Java SDK as the agent: a session belongs to the account
 * that opened it (another key gets 404 for every use and cannot end it), sessions are capped per account, and a
 * flood of initializes with huge client names costs the process next to nothing.
 *
 * <p>The cost is measured on the JVM build only: it reads the live heap with jcmd.
 */
class McpSessionsIT {

    private static final int BIG_INITIALIZES = 300;
    private static final int ACCOUNTS = 10; // 30 sessions each: under the cap per account, so all 300 stay open
    private static final int CLIENT_NAME_CHARACTERS = 900_000;
    private static final long MAX_GROWTH_BYTES = 50L * 1024 * 1024;
    private static final int SESSIONS_PER_ACCOUNT = 32;
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    @Test
    void sessionsAreBoundAndCapped() throws Exception {
        AppProcess app = SharedApp.get();
        aSessionIsItsAccountsAlone(app);
        anAccountKeepsItsMostRecentSessions(app);
    }

    @Test
    @JvmOnly("the live heap after a full GC is read with jcmd, which needs a JVM")
    void sessionsAreCheap() throws Exception {
        hugeClientNamesAreNotKept(SharedApp.get());
    }

    private void aSessionIsItsAccountsAlone(AppProcess app) throws Exception {
        String owner = Client.newAccount(app.baseUrl);
        Client intruder = new Client(Client.newAccount(app.baseUrl));
        AtomicReference<String> sessionId = new AtomicReference<>();
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(app.baseUrl)
                .endpoint("/mcp")
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + owner))
                .httpRequestCustomizer((request, method, uri, body, context) -> request.copy().build().headers()
                        .firstValue("Mcp-Session-Id").ifPresent(sessionId::set))
                .build();
        try (McpSyncClient agent = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30)).build()) {
            agent.initialize();
            assertThat(agent.callTool(new CallToolRequest("create_inbox", Map.of())).isError()).isFalse();
            String session = sessionId.get();
            assertThat(session).as("the SDK sends the session id").isNotBlank();

            String unknown = intruder.mcp(app.baseUrl, ping(1), "bm8tc3VjaC1zZXNzaW9u").body();
            HttpResponse<String> post = intruder.mcp(app.baseUrl, """
                    {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_inboxes","arguments":{}}}""",
                    session);
            HttpResponse<String> stream = raw(app, "GET", intruder, session);
            HttpResponse<String> delete = raw(app, "DELETE", intruder, session);
            for (HttpResponse<String> refused : List.of(post, stream, delete)) {
                assertThat(refused.statusCode()).as(refused.request().method()).isEqualTo(404);
                assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
                assertThat(refused.body()).as("the same answer as for a session that does not exist").isEqualTo(unknown);
            }
            assertThat(raw(app, "GET", "/mcp/sse", intruder, null).statusCode())
                    .as("the legacy SSE transport is off").isEqualTo(404);

            CallToolResult stillServed = agent.callTool(new CallToolRequest("list_inboxes", Map.of()));
            assertThat(stillServed.isError()).as("the owner's session survived").isFalse();
            assertThat(stillServed.structuredContent().toString()).contains("total=1");
        }
    }

    private void anAccountKeepsItsMostRecentSessions(AppProcess app) throws Exception {
        Client client = new Client(Client.newAccount(app.baseUrl));
        List<String> sessions = new ArrayList<>();
        for (int i = 0; i <= SESSIONS_PER_ACCOUNT; i++) {
            sessions.add(client.mcpSession(app.baseUrl));
        }
        assertThat(client.mcp(app.baseUrl, ping(3), sessions.get(0)).statusCode())
                .as("the least recently used session was ended").isEqualTo(404);
        for (String kept : sessions.subList(1, sessions.size())) {
            assertThat(client.mcp(app.baseUrl, ping(4), kept).statusCode()).isEqualTo(200);
        }
    }

    private void hugeClientNamesAreNotKept(AppProcess app) throws Exception {
        List<Client> clients = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            clients.add(new Client(Client.newAccount(app.baseUrl)));
        }
        String bigName = "n".repeat(CLIENT_NAME_CHARACTERS);
        String initialize = """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
                "capabilities":{"roots":{"listChanged":true,"junk":"%s"}},"clientInfo":{"name":"%s","version":"1"}}}"""
                .formatted("j".repeat(1000), bigName);
        clients.get(0).mcp(app.baseUrl, initialize, null); // warm-up: code paths loaded before the baseline
        Memory before = Memory.of(app);

        List<String> sessions = new ArrayList<>();
        Client owner = null;
        for (int i = 0; i < BIG_INITIALIZES; i++) {
            owner = clients.get(i % ACCOUNTS);
            HttpResponse<String> response = owner.mcp(app.baseUrl, initialize, null);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            sessions.add(response.headers().firstValue("Mcp-Session-Id").orElseThrow());
        }
        Memory after = Memory.of(app);
        long growth = after.heapBytes - before.heapBytes;
        System.out.printf("MCP sessions: %d initializes with %,d-character client names grew the live heap after GC "
                + "by %.1f MB (%,d bytes per session; %.0f -> %.0f MB) and RSS by %.1f MB (%.0f -> %.0f MB)%n",
                BIG_INITIALIZES, CLIENT_NAME_CHARACTERS, growth / 1e6, growth / BIG_INITIALIZES, before.heapBytes / 1e6,
                after.heapBytes / 1e6, (after.rssBytes - before.rssBytes) / 1e6, before.rssBytes / 1e6,
                after.rssBytes / 1e6);
        assertThat(growth).as("live heap growth").isLessThan(MAX_GROWTH_BYTES);
        assertThat(owner.mcp(app.baseUrl, ping(5), sessions.get(sessions.size() - 1)).statusCode())
                .as("the sessions are open, only small").isEqualTo(200);
    }

    private static String ping(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}";
    }

    private static HttpResponse<String> raw(AppProcess app, String method, Client client, String session)
            throws Exception {
        return raw(app, method, "/mcp", client, session);
    }

    /** A bodiless request to the MCP endpoint as {@code client}'s account. */
    private static HttpResponse<String> raw(AppProcess app, String method, String path, Client client, String session)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(app.baseUrl + path)).timeout(Duration.ofSeconds(10))
                .header("Accept", "text/event-stream").header("Authorization", "Bearer " + client.apiKey())
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The app process's live heap after a full GC, and its resident set. */
    private record Memory(long heapBytes, long rssBytes) {

        static Memory of(AppProcess app) throws Exception {
            jcmd(app.pid(), "GC.run");
            Matcher used = HEAP_USED.matcher(jcmd(app.pid(), "GC.heap_info"));
            assertThat(used.find()).isTrue();
            long rssKilobytes = Files.readAllLines(Path.of("/proc", String.valueOf(app.pid()), "status")).stream()
                    .filter(line -> line.startsWith("VmRSS:")).map(line -> line.replaceAll("\\D", ""))
                    .mapToLong(Long::parseLong).findFirst().orElseThrow();
            return new Memory(Long.parseLong(used.group(1)) * 1024, rssKilobytes * 1024);
        }

        private static String jcmd(long pid, String command) throws Exception {
            Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    String.valueOf(pid), command).redirectErrorStream(true).start();
            String output = new String(jcmd.getInputStream().readAllBytes());
            assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(jcmd.exitValue()).as(output).isZero();
            return output;
        }
    }
}
