package dev.inboxes.mcp;

import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.quarkiverse.mcp.server.runtime.DefaultSchemaGenerator;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Every tool's input schema, closed: the extension's generated schema with {@code additionalProperties: false}, so a
 * client that validates arguments learns what {@link ToolCallGuard} enforces (an unknown argument is refused). Tools
 * with their own generator ({@link PageLimitInputSchema}) start from this one, so no tool is left open.
 */
@Singleton
public class ClosedInputSchema implements GlobalInputSchemaGenerator {

    @Inject
    DefaultSchemaGenerator extensionDefaults;

    @Override
    public InputSchema generate(ToolInfo tool) {
        JsonObject schema = new JsonObject(extensionDefaults.generate(tool).asJson()).put("additionalProperties", false);
        return new Closed(schema);
    }

    private record Closed(JsonObject value) implements InputSchema {

        @Override
        public String asJson() {
            return value.encode();
        }
    }
}
