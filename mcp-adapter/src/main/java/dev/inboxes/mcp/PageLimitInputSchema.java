package dev.inboxes.mcp;

import dev.inboxes.domain.paging.PageLimits;
import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.InputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The input schema of a list tool, with {@code limit} declared as an integer from 1 to 100. The Java parameter
 * is text so that any value an agent sends ({@code 50}, {@code "50"}, {@code 2.5}, {@code "abc"}) reaches the
 * domain's validation and its advice, instead of failing conversion with "unable to convert value".
 */
@Singleton
public class PageLimitInputSchema implements InputSchemaGenerator<JsonObject> {

    @Inject
    GlobalInputSchemaGenerator defaults;

    @Override
    public JsonObject generate(ToolInfo tool) {
        JsonObject schema = new JsonObject(defaults.generate(tool).asJson());
        JsonObject limit = schema.getJsonObject("properties").getJsonObject("limit");
        limit.put("type", "integer")
                .put("minimum", 1)
                .put("maximum", PageLimits.AGENTS_MAX_LIMIT)
                .put("default", PageLimits.DEFAULT_LIMIT);
        return schema;
    }
}
