package dev.inboxes.mcp.protocol;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.wait.WaitRequest;
import io.vertx.core.json.JsonObject;
import java.util.Map;

/**
 * The arguments whose input schema states a type their Java parameter does not have. The parameters are text so
 * that any value an agent sends ({@code 50}, {@code "50"}, {@code 2.5}, {@code "abc"}, {@code "yes"}) reaches the
 * validation and its advice, instead of failing conversion with "unable to convert value"; the schema still tells a
 * client what to send. Every tool's schema gets them ({@code ClosedInputSchema}), so a new tool with a
 * {@code limit} is typed without a word.
 */
public final class ArgumentTypes {

    public static final String LIMIT = "limit";
    public static final String QUOTES = "quotes";
    public static final String TIMEOUT_SECONDS = "timeout_seconds";

    private static final Map<String, JsonObject> TYPES = Map.of(
            LIMIT, new JsonObject().put("type", "integer").put("minimum", 1)
                    .put("maximum", PageLimits.AGENTS_MAX_LIMIT).put("default", PageLimits.DEFAULT_LIMIT),
            QUOTES, new JsonObject().put("type", "boolean"),
            TIMEOUT_SECONDS, new JsonObject().put("type", "integer").put("minimum", WaitRequest.MIN_TIMEOUT_SECONDS)
                    .put("maximum", WaitRequest.MAX_TIMEOUT_SECONDS)
                    .put("default", WaitRequest.DEFAULT_TIMEOUT_SECONDS));

    private ArgumentTypes() {
    }

    /** Types, in place, those of these arguments that {@code schema} (a tool's input schema) has. */
    public static JsonObject typed(JsonObject schema) {
        JsonObject properties = schema.getJsonObject("properties");
        if (properties != null) {
            TYPES.forEach((name, type) -> {
                if (properties.getValue(name) instanceof JsonObject property) {
                    property.mergeIn(type.copy());
                }
            });
        }
        return schema;
    }
}
