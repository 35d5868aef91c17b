package dev.inboxes.mcp.session;

/**
 * The version of the MCP library (quarkus-mcp-server) whose internals this package was written against. Only this
 * package uses them, each where the library offers no public way:
 * <ul>
 * <li>{@code ConnectionManager}, {@code McpConnectionBase}, {@code McpMessageHandler} and
 * {@code StreamableHttpMcpMessageHandler}'s header names: sessions bound to accounts and capped
 * ({@link McpSessionGuard});</li>
 * <li>{@code McpRequestValidator} and {@code McpRequest}: the check of every call before dispatch
 * ({@link ToolCallValidator});</li>
 * <li>{@code DefaultSchemaGenerator}: the generated input schema that {@link ClosedInputSchema} closes;</li>
 * <li>besides the library, Vert.x Web's {@code RoutingContextInternal} (a bounded {@code initialize} body handed on)
 * and the HTTP extension's {@code QuarkusHttpUser} and {@code CurrentVertxRequest} ({@link CallConnection}).</li>
 * </ul>
 * An upgrade of the library must re-check each of them: {@code McpLibraryTest} fails until this version is changed,
 * and the end-to-end MCP tests say what broke.
 */
public final class McpLibrary {

    /** The library version checked against; the build's own (the parent pom's) must be this one. */
    public static final String VERSION = "1.13.0";

    private McpLibrary() {
    }
}
