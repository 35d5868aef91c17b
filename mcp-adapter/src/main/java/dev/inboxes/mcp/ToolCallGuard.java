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
 * Checks every {@code tools/call} before any tool runs, for every tool there is and will be:
 * <ul>
 *   <li>a call whose {@code params} is not an object, or has no tool {@code name}, or whose {@code arguments}
 *       is not an object, gets the JSON-RPC error {@code -32602} at once (the library would not answer it);</li>
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
        Object params = message.getValue("params");
        if (!(params instanceof JsonObject call)) {
            // The extension's metrics read params as an object once the call is answered: keep them from failing.
            message.put("params", new JsonObject());
            return refuse(request, id, "tools/call needs params as an object: {\"name\": <tool>, \"arguments\": {…}}.");
        }
        if (!(call.getValue("name") instanceof String name)) {
            return refuse(request, id, "tools/call needs params.name, the tool's name as a string; tools/list "
                    + "lists them.");
        }
        ToolInfo tool = tools.getTool(name);
        if (tool == null) {
            // The extension would echo the whole name in its error: the caller's text, however long.
            return refuse(request, id, "There is no tool " + Text.quote(name) + "; tools/list lists the tools.");
        }
        Object arguments = call.getValue("arguments");
        if (arguments == null) {
            call.put("arguments", new JsonObject());
            return Future.succeededFuture(true);
        }
        if (!(arguments instanceof JsonObject given)) {
            return refuse(request, id, "tools/call needs params.arguments as an object of named arguments (got "
                    + (arguments instanceof JsonArray ? "an array" : "a " + arguments.getClass().getSimpleName()) + ").");
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
