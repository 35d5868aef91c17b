package dev.inboxes.app.support;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;

/** An agent host's MCP client (the official MCP Java SDK over Streamable HTTP), connected with an API key. */
public final class Agent implements AutoCloseable {

    public final McpSyncClient client;

    private Agent(McpSyncClient client) {
        this.client = client;
    }

    /** An initialized session against {@code baseUrl}'s {@code /mcp}. */
    public static Agent connect(String baseUrl, String apiKey) {
        HttpRequest.Builder requests = HttpRequest.newBuilder().header("Authorization", "Bearer " + apiKey);
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport.builder(baseUrl)
                .endpoint("/mcp").requestBuilder(requests).build();
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(30))
                .initializationTimeout(Duration.ofSeconds(10)).build();
        client.initialize();
        return new Agent(client);
    }

    public CallToolResult call(String tool, Map<String, Object> arguments) {
        return client.callTool(new CallToolRequest(tool, arguments));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> structured(CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    public static String text(CallToolResult result, int block) {
        return ((TextContent) result.content().get(block)).text();
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
