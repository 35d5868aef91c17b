package dev.inboxes.mcp.wait;

import dev.inboxes.domain.wait.WaitRequest;
import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.InputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The input schema of wait_for_message, with {@code timeout_seconds} declared as an integer from 1 to 60. The Java
 * parameter is text, so that any value an agent sends reaches the domain's validation and its advice.
 */
@Singleton
public class WaitInputSchema implements InputSchemaGenerator<JsonObject> {

    @Inject
    GlobalInputSchemaGenerator defaults;

    @Override
    public JsonObject generate(ToolInfo tool) {
        JsonObject schema = new JsonObject(defaults.generate(tool).asJson());
        schema.getJsonObject("properties").getJsonObject(WaitTools.TIMEOUT_ARGUMENT)
                .put("type", "integer")
                .put("minimum", WaitRequest.MIN_TIMEOUT_SECONDS)
                .put("maximum", WaitRequest.MAX_TIMEOUT_SECONDS)
                .put("default", WaitRequest.DEFAULT_TIMEOUT_SECONDS);
        return schema;
    }
}
