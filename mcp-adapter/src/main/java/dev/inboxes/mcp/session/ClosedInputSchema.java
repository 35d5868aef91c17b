package dev.inboxes.mcp.session;

import dev.inboxes.mcp.protocol.ArgumentTypes;
import dev.inboxes.mcp.protocol.ToolCallGuard;

import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.quarkiverse.mcp.server.runtime.DefaultSchemaGenerator;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Every tool's input schema: the extension's generated one, with the {@link ArgumentTypes} typed and
 * {@code additionalProperties: false}, so a client that validates arguments learns what {@link ToolCallGuard}
 * enforces (an unknown argument is refused). It starts from the extension's default generator, a runtime class
 * ({@link McpLibrary}).
 */
@Singleton
public class ClosedInputSchema implements GlobalInputSchemaGenerator {

    @Inject
    DefaultSchemaGenerator extensionDefaults;

    @Override
    public InputSchema generate(ToolInfo tool) {
        JsonObject schema = ArgumentTypes.typed(new JsonObject(extensionDefaults.generate(tool).asJson()))
                .put("additionalProperties", false);
        return new Closed(schema);
    }

    private record Closed(JsonObject value) implements InputSchema {

        @Override
        public String asJson() {
            return value.encode();
        }
    }
}
