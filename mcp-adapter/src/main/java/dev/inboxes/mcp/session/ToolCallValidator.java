package dev.inboxes.mcp.session;

import dev.inboxes.mcp.protocol.ToolCallGuard;
import dev.inboxes.mcp.protocol.ToolCallGuard.Refusal;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpMethod;
import io.quarkiverse.mcp.server.runtime.McpRequest;
import io.quarkiverse.mcp.server.runtime.McpRequestValidator;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Runs {@link ToolCallGuard} on every {@code tools/call} before the library dispatches it, and answers a refused
 * call itself. The library's request validator is its one extension point that sees a call before dispatch; it is
 * in its runtime package ({@link McpLibrary}).
 */
@Singleton
public class ToolCallValidator implements McpRequestValidator {

    @Inject
    ToolCallGuard guard;

    @Override
    public <R extends McpRequest> Future<Boolean> validate(JsonObject message, R request, McpMethod method) {
        if (method != McpMethod.TOOLS_CALL) {
            return Future.succeededFuture(true);
        }
        Optional<Refusal> refusal = guard.check(message.getJsonObject("params"));
        if (refusal.isEmpty()) {
            return Future.succeededFuture(true);
        }
        Object id = message.getValue("id");
        if (!refusal.get().toolError()) {
            return request.sender().sendError(id, JsonRpcErrorCodes.INVALID_PARAMS, refusal.get().text()).map(false);
        }
        JsonObject result = new JsonObject()
                .put("content", new JsonArray().add(new JsonObject().put("type", "text")
                        .put("text", refusal.get().text())))
                .put("isError", true);
        return request.sender().sendResult(id, result).map(false);
    }
}
