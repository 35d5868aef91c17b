package dev.inboxes.mcp;

import io.quarkiverse.mcp.server.RawMessage;
import io.quarkiverse.mcp.server.ToolCallException;
import io.vertx.core.json.JsonObject;
import java.util.Arrays;
import java.util.List;

/**
 * Refuses arguments a tool does not have, so a typo ({@code query} for {@code q}) is an error that lists the
 * real names instead of a silently unfiltered page.
 */
public final class ToolArguments {

    private ToolArguments() {
    }

    public static void requireKnown(RawMessage call, String tool, String... names) {
        JsonObject params = call.asJsonObject().getJsonObject("params");
        JsonObject arguments = params == null ? null : params.getJsonObject("arguments");
        if (arguments == null) {
            return;
        }
        List<String> known = Arrays.asList(names);
        for (String name : arguments.fieldNames()) {
            if (!known.contains(name)) {
                throw new ToolCallException("Unknown argument '" + name + "' for " + tool + ". Its arguments are: "
                        + String.join(", ", known) + ".");
            }
        }
    }
}
