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
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks every {@code tools/call} before any tool runs, for every tool there is and will be (the call's shape,
 * {@code params}, {@code name} and {@code arguments} as objects and strings, was checked when the message arrived,
 * by {@code McpSessionGuard}):
 * <ul>
 *   <li>a call without {@code arguments} gets {@code {}}, so every tool sees an object (the library's argument
 *       guardrails fail on a missing one);</li>
 *   <li>an argument the tool does not declare is a tool error that names the tool's real arguments, so a typo
 *       ({@code query} for {@code q}, {@code usernme}) is never silently ignored (and every input schema says
 *       {@code additionalProperties: false}, see {@link ClosedInputSchema});</li>
 *   <li>an argument the tool's input schema declares {@code integer} accepts an integral number in any JSON form
 *       hosts send: {@code 50}, {@code 50.0}, {@code "50"}, {@code 1e2} (100); any other value reaches the tool as
 *       sent, so its error quotes what the agent wrote;</li>
 *   <li>an unknown tool is the JSON-RPC error {@code -32602}, with its name cut short.</li>
 * </ul>
 * The names come from each tool's own {@code @ToolArg}s and its input schema, so no list is kept by hand. This hooks into the MCP
 * extension's request validator (its one extension point that sees a call before dispatch); it is in the
 * extension's runtime package, so an upgrade must re-check it ({@code ToolCallGuardTest} and the end-to-end
 * MCP tests would fail).
 */
@Singleton
public class ToolCallGuard implements McpRequestValidator {

    /** A JSON number, as text ({@code "50"}, {@code " 1e2 "}). */
    private static final Pattern JSON_NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    /** Integral values with more digits are no count of anything a tool takes, and are passed on as text. */
    private static final int MAX_INTEGER_DIGITS = 19;
    /** Longer text is no number an agent meant, and is not parsed. */
    private static final int MAX_NUMBER_TEXT = 40;

    @Inject
    ToolManager tools;

    /** Each tool's integer arguments, read once from its input schema (generating a schema is not cheap). */
    private final Map<ToolInfo, Set<String>> integerArguments = new ConcurrentHashMap<>();

    @Override
    public <R extends McpRequest> Future<Boolean> validate(JsonObject message, R request, McpMethod method) {
        if (method != McpMethod.TOOLS_CALL) {
            return Future.succeededFuture(true);
        }
        Object id = message.getValue("id");
        JsonObject call = message.getJsonObject("params");
        String name = call.getString("name");
        ToolInfo tool = tools.getTool(name);
        if (tool == null) {
            // The extension would echo the whole name in its error: the caller's text, however long.
            return refuse(request, id, "There is no tool " + Text.quote(name) + "; tools/list lists the tools.");
        }
        if (!(call.getValue("arguments") instanceof JsonObject given)) {
            call.put("arguments", new JsonObject());
            return Future.succeededFuture(true);
        }
        List<String> declared = tool.arguments().stream().map(ToolArgument::name).toList();
        for (String argument : given.fieldNames()) {
            if (!declared.contains(argument)) {
                return toolError(request, id, "Unknown argument " + Text.quote(argument) + " for " + name + ". "
                        + (declared.isEmpty() ? "It takes no arguments." : "Its arguments are: "
                        + String.join(", ", declared) + ".") + " Call it again with only those.");
            }
        }
        for (String argument : integerArguments.computeIfAbsent(tool, ToolCallGuard::integerArguments)) {
            Object value = given.getValue(argument);
            Object integral = integral(value);
            if (integral != value) {
                given.put(argument, integral);
            }
        }
        return Future.succeededFuture(true);
    }

    private static Set<String> integerArguments(ToolInfo tool) {
        Object schema = tool.asJson().getValue("inputSchema");
        JsonObject properties = (schema instanceof JsonObject json ? json : JsonObject.mapFrom(schema))
                .getJsonObject("properties", new JsonObject());
        return properties.fieldNames().stream()
                .filter(name -> properties.getValue(name) instanceof JsonObject property
                        && ("integer".equals(property.getValue("type"))
                        || property.getValue("type") instanceof JsonArray types && types.contains("integer")))
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * {@code value} as a {@code Long} when it is an integral number or text holding one ({@code 50.0}, {@code "50"},
     * {@code 1e2}); otherwise {@code value} itself (a fraction, a word, an integer of more than
     * {@value #MAX_INTEGER_DIGITS} digits, never expanded), for the tool to refuse with the value as sent.
     */
    static Object integral(Object value) {
        BigDecimal number;
        if (value instanceof Integer || value instanceof Long) {
            return value;
        } else if (value instanceof String text && text.length() <= MAX_NUMBER_TEXT
                && JSON_NUMBER.matcher(text.strip()).matches()) {
            try {
                number = new BigDecimal(text.strip());
            } catch (NumberFormatException exponentBeyondAnInt) { // 1e30999999999: the tool refuses it as sent
                return value;
            }
        } else if (value instanceof BigDecimal exact) {
            number = exact;
        } else if (value instanceof Number other && Double.isFinite(other.doubleValue())) {
            number = new BigDecimal(other.toString());
        } else {
            return value;
        }
        boolean integral = number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
        if (!integral || number.precision() - number.scale() > MAX_INTEGER_DIGITS) {
            return value;
        }
        try {
            return number.longValueExact();
        } catch (ArithmeticException e) {
            return number.toBigIntegerExact().toString(); // beyond a long: the tool refuses it, digits as sent
        }
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
