package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Agents as hosts connect them: the official MCP Java SDK client over Streamable HTTP, against the in-test app. Every
 * result's text length is recorded, so a test can report the largest text any tool returned.
 */
public final class Agents {

    private static final AtomicInteger LARGEST_TEXT = new AtomicInteger();

    private Agents() {
    }

    public static McpSyncClient connected(String apiKey) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(Api.baseUrl())
                .endpoint("/mcp")
                .requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + apiKey))
                .build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(20)).build();
        client.initialize();
        return client;
    }

    /** A successful call's result. */
    public static CallToolResult call(McpSyncClient agent, String tool, Map<String, Object> arguments) {
        CallToolResult result = agent.callTool(new CallToolRequest(tool, arguments));
        assertThat(result.isError()).as("%s %s: %s", tool, arguments, result.content()).isNotEqualTo(Boolean.TRUE);
        LARGEST_TEXT.accumulateAndGet(textLength(result), Math::max);
        return result;
    }

    /** A call that must be a tool error; returns its text. */
    public static String error(McpSyncClient agent, String tool, Map<String, Object> arguments) {
        CallToolResult result = agent.callTool(new CallToolRequest(tool, arguments));
        assertThat(result.isError()).as("%s %s must be a tool error: %s", tool, arguments, result.content()).isTrue();
        return text(result, 0);
    }

    public static String text(CallToolResult result, int block) {
        return ((TextContent) result.content().get(block)).text();
    }

    /** All text blocks' characters: what the budget bounds. */
    public static int textLength(CallToolResult result) {
        return result.content().stream().mapToInt(content -> ((TextContent) content).text().length()).sum();
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    /** The largest text of any successful call so far in this test run. */
    public static int largestText() {
        return LARGEST_TEXT.get();
    }
}
