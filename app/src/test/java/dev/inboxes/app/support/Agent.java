package dev.inboxes.app.support;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An agent host as it connects: the official MCP Java SDK client over Streamable HTTP, with the progress
 * notifications it received recorded.
 */
public final class Agent implements AutoCloseable {

    private final McpSyncClient client;
    public final List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();

    private Agent(String baseUrl, String apiKey, Duration requestTimeout) {
        HttpRequest.Builder requests = HttpRequest.newBuilder().header("Authorization", "Bearer " + apiKey);
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl)
                .endpoint("/mcp").requestBuilder(requests).build();
        client = McpClient.sync(transport).requestTimeout(requestTimeout).initializationTimeout(Duration.ofSeconds(20))
                .progressConsumer(progress::add).build();
        client.initialize();
    }

    /** Connected and initialized; calls time out after {@code requestTimeout}. */
    public static Agent connect(String baseUrl, String apiKey, Duration requestTimeout) {
        return new Agent(baseUrl, apiKey, requestTimeout);
    }

    public CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new CallToolRequest(tool, arguments));
    }

    /** A call with a progress token, so the server may report progress. */
    public CallToolResult callWithProgress(String tool, Map<String, Object> arguments, String progressToken) {
        return client.callTool(CallToolRequest.builder().name(tool).arguments(arguments)
                .progressToken(progressToken).build());
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    public static String text(CallToolResult result, int index) {
        return ((TextContent) result.content().get(index)).text();
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
