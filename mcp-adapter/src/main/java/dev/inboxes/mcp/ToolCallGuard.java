package dev.inboxes.mcp;

import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolManager.ToolArgument;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.quarkiverse.mcp.server.runtime.McpRequest;
import io.quarkiverse.mcp.server.runtime.McpRequestValidator;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import dev.inboxes.domain.shared.Text;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * Checks every {@code tools/call} before any tool runs, for every tool there is and will be (the call's shape,
 * {@code params}, {@code name} and {@code arguments} as objects and strings, was checked when the message arrived,
 * by {@code McpSessionGuard}):
 * <ul>
 *   <li>a call without {@code arguments} gets {@code {}}, so every tool sees an object (the library's argument
 *       guardrails fail on a missing one);</li>
 *   <li>an argument the tool does not declare is a tool error that names the tool's real arguments, so a typo
 *       ({@code query} for {@code q}, {@code usernme}) is never silently ignored (and every input schema says
 *       {@code additionalProperties: false}, see {@link ClosedInputSchema});</li>
 *   <li>an unknown tool is the JSON-RPC error {@code -32602}, with its name cut short.</li>
 * </ul>
 * The names come from each tool's own {@code @ToolArg}s, so no list is kept by hand. This hooks into the MCP
 * extension's request validator (its one extension point that sees a call before dispatch); it is in the
 * extension's runtime package, so an upgrade must re-check it ({@code ToolCallGuardTest} and the end-to-end
 * MCP tests would fail).
 */
@Singleton
public class ToolCallGuard implements McpRequestValidator {

    @Inject
    ToolManager tools;

    @Override
    public <R extends McpRequest> Future<Boolean> validate(JsonObject message, R request, McpMethod method) {
        if (method != McpMethod.TOOLS_CALL) {
            return Future.succeededFuture(true);
        }
        Object id = message.getValue("id");
        JsonObject call = message.getJsonObject("params");
        String name = call.getString("name");
        ToolInfo tool = tools.getTool(name);
        if (tool == null) {
            // The extension would echo the whole name in its error: the caller's text, however long.
            return refuse(request, id, "There is no tool " + Text.quote(name) + "; tools/list lists the tools.");
        }
        if (!(call.getValue("arguments") instanceof JsonObject given)) {
            call.put("arguments", new JsonObject());
            return Future.succeededFuture(true);
        }
        List<String> declared = tool.arguments().stream().map(ToolArgument::name).toList();
        for (String argument : given.fieldNames()) {
            if (!declared.contains(argument)) {
                return toolError(request, id, "Unknown argument " + Text.quote(argument) + " for " + name + ". "
                        + (declared.isEmpty() ? "It takes no arguments." : "Its arguments are: "
                        + String.join(", ", declared) + ".") + " Call it again with only those.");
            }
        }
        return Future.succeededFuture(true);
    }

    private static Future<Boolean> refuse(McpRequest request, Object id, String why) {
        return request.sender().sendError(id, JsonRpcErrorCodes.INVALID_PARAMS, why).map(false);
    }

    private static Future<Boolean> toolError(McpRequest request, Object id, String text) {
        JsonObject result = new JsonObject()
                .put("content", new JsonArray().add(new JsonObject().put("type", "text").put("text", text)))
                .put("isError", true);
        return request.sender().sendResult(id, result).map(false);
    }
}
