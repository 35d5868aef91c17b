package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.mcp.respond.ExternalContent;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.InitializeResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An agent host's MCP session (the official MCP Java SDK over Streamable HTTP), which, as hosts do after
 * {@code tools/list}, refuses a tool result whose structured content does not validate against the tool's output
 * schema. It counts its tool calls and
 * recording the progress notifications it receives. The length of every result's text is recorded too, so a test
 * can report the largest text any tool returned.
 */
public final class Agent implements AutoCloseable {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final AtomicInteger LARGEST_TEXT = new AtomicInteger();

    private final McpSyncClient client;
    private final InitializeResult initialized;
    public final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
    private int calls;

    private Agent(String baseUrl, String apiKey, Duration requestTimeout,
            Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> user) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl)
                .endpoint("/mcp").requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + apiKey))
                .build();
        McpClient.SyncSpec spec = McpClient.sync(transport).requestTimeout(requestTimeout)
                .initializationTimeout(Duration.ofSeconds(20)).progressConsumer(progress::add)
                .enableCallToolSchemaCaching(true);
        if (user != null) {
            spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build()).elicitation(user);
        }
        client = spec.build();
        initialized = client.initialize();
        client.listTools(); // as hosts do: from now on every tool result is validated against its output schema
    }

    /** A session with the in-test app. */
    public static Agent connect(String apiKey) {
        return connect(Api.baseUrl(), apiKey);
    }

    /** A session with the app at {@code baseUrl}, e.g. a packaged replica. */
    public static Agent connect(String baseUrl, String apiKey) {
        return connect(baseUrl, apiKey, REQUEST_TIMEOUT);
    }

    /** Connected and initialized; calls time out after {@code requestTimeout}. */
    public static Agent connect(String baseUrl, String apiKey, Duration requestTimeout) {
        return new Agent(baseUrl, apiKey, requestTimeout, null);
    }

    /**
     * A session of a host that can ask its user (it declares the elicitation capability, form mode): {@code user}
     * answers every question the server asks, as the person at the host would.
     */
    public static Agent connectAsking(String apiKey,
            Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> user) {
        return new Agent(Api.baseUrl(), apiKey, REQUEST_TIMEOUT, user);
    }

    public McpSyncClient client() {
        return client;
    }

    public String instructions() {
        return initialized.instructions();
    }

    /** Calls a tool, which must succeed. */
    public CallToolResult call(String tool, Map<String, Object> arguments) {
        CallToolResult result = attempt(tool, arguments);
        assertThat(result.isError()).as("%s %s: %s", tool, arguments, result.content()).isNotEqualTo(Boolean.TRUE);
        LARGEST_TEXT.accumulateAndGet(textLength(result), Math::max);
        return result;
    }

    /** Calls a tool, which must answer with a tool error; returns its text. */
    public String error(String tool, Map<String, Object> arguments) {
        CallToolResult result = attempt(tool, arguments);
        assertThat(result.isError()).as("%s %s must be a tool error: %s", tool, arguments, result.content()).isTrue();
        return text(result, 0);
    }

    /** Calls a tool, whatever the outcome: a tool error is a result too. */
    public CallToolResult attempt(String tool, Map<String, Object> arguments) {
        calls++;
        return client.callTool(new CallToolRequest(tool, arguments));
    }

    /** A call with a progress token, so the server may report progress; any outcome. */
    public CallToolResult callWithProgress(String tool, Map<String, Object> arguments, String progressToken) {
        calls++;
        return client.callTool(CallToolRequest.builder().name(tool).arguments(arguments)
                .progressToken(progressToken).build());
    }

    /** The structured content of a successful call. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> structured(String tool, Map<String, Object> arguments) {
        return (Map<String, Object>) call(tool, arguments).structuredContent();
    }

    /** Tool calls made so far. */
    public int calls() {
        return calls;
    }

    /** The structured content of any result. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    /** One text block of a result: 0 is the content, 1 a list's summary line. */
    public static String text(CallToolResult result, int block) {
        return ((TextContent) result.content().get(block)).text();
    }

    /** All text blocks' characters: what the budget bounds. */
    public static int textLength(CallToolResult result) {
        return texts(result).stream().mapToInt(String::length).sum();
    }

    /** The largest text of any successful call so far in this test run. */
    public static int largestText() {
        return LARGEST_TEXT.get();
    }

    /**
     * Asserts that a result's text holds exactly one external-content block, that the block ends only at its own
     * closing line (a sender cannot close it early), and that each of {@code senderValues} (a subject, an address, a
     * snippet of text) appears in the text only inside it. Returns the block's content.
     */
    public static String assertMailMarked(CallToolResult result, String... senderValues) {
        String text = texts(result).stream().collect(java.util.stream.Collectors.joining("\n"));
        int open = text.indexOf(ExternalContent.OPEN);
        assertThat(open).as("an external-content block in %s", text).isGreaterThanOrEqualTo(0);
        assertThat(text.indexOf(ExternalContent.OPEN, open + 1)).as("one block per result: %s", text).isEqualTo(-1);
        String id = text.substring(open + ExternalContent.OPEN.length(), text.indexOf(' ', open + ExternalContent.OPEN.length()));
        String close = "\n" + ExternalContent.CLOSE + id + ">>>";
        int closed = text.indexOf(close, open);
        assertThat(closed).as("the block's closing line").isGreaterThan(open);
        assertThat(text.indexOf(close, closed + 1)).as("closed once").isEqualTo(-1);
        int contentStart = text.indexOf('\n', open) + 1;
        String inside = text.substring(contentStart, closed);
        String outside = text.substring(0, open) + text.substring(closed + close.length());
        for (String value : senderValues) {
            assertThat(inside).as("inside the block").contains(value);
            assertThat(outside).as("%s outside the block", value).doesNotContain(value);
        }
        return inside;
    }

    /** The text blocks, without the resource links that follow them in get_message. */
    public static List<String> texts(CallToolResult result) {
        return result.content().stream().filter(TextContent.class::isInstance)
                .map(content -> ((TextContent) content).text()).toList();
    }

    @Override
    public void close() {
        client.close();
    }
}
