package dev.inboxes.mcp;

import dev.inboxes.domain.paging.PageLimits;
import io.quarkiverse.mcp.server.GlobalInputSchemaGenerator;
import io.quarkiverse.mcp.server.InputSchemaGenerator;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The input schema of a list or reading tool, with {@code limit} declared as an integer from 1 to 100 and {@code
 * quotes} as a boolean, where the tool has them. The Java parameters are text so that any value an agent sends
 * ({@code 50}, {@code "50"}, {@code 2.5}, {@code "abc"}, {@code "yes"}) reaches the validation and its advice, instead
 * of failing conversion with "unable to convert value".
 */
@Singleton
public class PageLimitInputSchema implements InputSchemaGenerator<JsonObject> {

    @Inject
    GlobalInputSchemaGenerator defaults;

    @Override
    public JsonObject generate(ToolInfo tool) {
        JsonObject schema = new JsonObject(defaults.generate(tool).asJson());
        JsonObject properties = schema.getJsonObject("properties");
        JsonObject limit = properties.getJsonObject("limit");
        if (limit != null) {
            limit.put("type", "integer")
                    .put("minimum", 1)
                    .put("maximum", PageLimits.AGENTS_MAX_LIMIT)
                    .put("default", PageLimits.DEFAULT_LIMIT);
        }
        JsonObject quotes = properties.getJsonObject("quotes");
        if (quotes != null) {
            quotes.put("type", "boolean");
        }
        return schema;
    }
}
