/**
 * The MCP adapter: agents reach the same domain as the REST API, through tools. Its rooms, from the outside in:
 * <ul>
 * <li>{@code inbox}, {@code message}, {@code thread}, {@code wait}: the tools, one class per feature, and the records
 * agents read ({@code fromDomain} of a domain value); {@code message} holds the resource templates of attachments and
 * raw mail too. A tool calls one domain service and hands what it got to the
 * responder; it throws the domain's exceptions and nothing else.</li>
 * <li>{@code confirm}: asking the person at the host (MCP elicitation) before a destructive tool acts.</li>
 * <li>{@code session}: the layer over the MCP library's runtime, pinned to its version ({@code McpLibrary}):
 * sessions bound to accounts, the check of every call before dispatch, the generated input schemas, the call's
 * connection.</li>
 * <li>{@code protocol}: what every tool shares before it runs and in {@code tools/list}: the tool docs and server
 * instructions, the argument check, the input and output schemas, the caller's account, and the one mapping of
 * failures to tool errors ({@code @AgentErrors}).</li>
 * <li>{@code respond}: every result as an agent reads it, within the budget ({@code AgentResponder}), and the
 * marking of mail content ({@code ExternalContent}).</li>
 * <li>{@code text}: TOON and the token counter.</li>
 * </ul>
 * The rules are tests ({@code McpAdapterRoomsTest} in the app): each room uses only the rooms below it, only
 * {@code session} touches a library's internals, and only {@code respond} builds a result.
 */
package dev.inboxes.mcp;
