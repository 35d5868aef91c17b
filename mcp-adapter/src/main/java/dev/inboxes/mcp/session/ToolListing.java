package dev.inboxes.mcp.session;

import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * The {@code tools/list} result, every tool on one page: the library's definitions ({@link ToolInfo#asJson()}),
 * written for a session's budget. Every session reads them whole before its first call, so what says nothing costs
 * every agent:
 * <ul>
 * <li>annotations keep the title and the hints that say something (the library writes all four on every tool): a
 * tool that only reads has {@code readOnlyHint: true}, and {@code openWorldHint} only when false, since MCP gives
 * {@code destructiveHint} and {@code idempotentHint} meaning only for a tool that changes something, and
 * {@code openWorldHint} defaults to true; a tool that changes something keeps {@code destructiveHint} and
 * {@code openWorldHint} whatever their value, since hosts decide on them whether to ask the user and a host that
 * reads a missing hint as false would not ask, and {@code idempotentHint} only when true ({@code readOnlyHint} and
 * {@code idempotentHint} default to false, which is also how a missing hint reads);</li>
 * <li>an output schema lists its {@code required} fields at the top level only (the result's own fields), not in
 * the objects nested in them (a page's rows, a message's attachments): a host reads the shape from the
 * properties, and a result validates either way; and no {@code format} (every one is {@code date-time}, which the
 * server's instructions say once for all times);</li>
 * <li>an input schema without required arguments has no {@code required} list.</li>
 * </ul>
 */
@Singleton
public class ToolListing {

    private static final String READ_ONLY = "readOnlyHint";
    private static final String DESTRUCTIVE = "destructiveHint";
    private static final String IDEMPOTENT = "idempotentHint";
    private static final String OPEN_WORLD = "openWorldHint";

    private final ToolManager tools;

    ToolListing(ToolManager tools) {
        this.tools = tools;
    }

    /** The JSON-RPC response to a {@code tools/list} request with this id. */
    JsonObject response(Object id) {
        JsonArray definitions = new JsonArray();
        for (ToolInfo tool : tools) {
            definitions.add(definition(tool.asJson()));
        }
        return new JsonObject().put("jsonrpc", JsonRpcMessages.VERSION).put("id", id)
                .put("result", new JsonObject().put("tools", definitions));
    }

    static JsonObject definition(JsonObject tool) {
        // Through its encoding: a generated schema may be a library's own tree (Jackson's), which a copy refuses.
        JsonObject definition = new JsonObject(tool.encode());
        if (definition.getValue("annotations") instanceof JsonObject annotations) {
            definition.put("annotations", annotations(annotations));
        }
        if (definition.getValue("inputSchema") instanceof JsonObject input
                && input.getValue("required") instanceof JsonArray required && required.isEmpty()) {
            input.remove("required");
        }
        if (definition.getValue("outputSchema") instanceof JsonObject output) {
            trimOutputSchema(output, true);
        }
        return definition;
    }

    private static JsonObject annotations(JsonObject written) {
        JsonObject kept = written.copy();
        if (Boolean.TRUE.equals(written.getValue(READ_ONLY))) {
            kept.remove(DESTRUCTIVE);
            kept.remove(IDEMPOTENT);
            if (Boolean.TRUE.equals(written.getValue(OPEN_WORLD))) {
                kept.remove(OPEN_WORLD);
            }
        } else {
            kept.remove(READ_ONLY);
            if (Boolean.FALSE.equals(written.getValue(IDEMPOTENT))) {
                kept.remove(IDEMPOTENT);
            }
        }
        return kept;
    }

    /** Removes {@code required} from every object schema below the top one, and every {@code format}. */
    private static void trimOutputSchema(Object schema, boolean top) {
        if (schema instanceof JsonObject object) {
            if (!top) {
                object.remove("required");
            }
            object.remove("format");
            for (Map.Entry<String, Object> member : object) {
                if (member.getKey().equals("properties") && member.getValue() instanceof JsonObject properties) {
                    for (Map.Entry<String, Object> property : properties) {
                        trimOutputSchema(property.getValue(), false);
                    }
                } else if (!member.getKey().equals("required")) {
                    trimOutputSchema(member.getValue(), false);
                }
            }
        } else if (schema instanceof JsonArray array) {
            for (Object item : array) {
                trimOutputSchema(item, false);
            }
        }
    }
}
