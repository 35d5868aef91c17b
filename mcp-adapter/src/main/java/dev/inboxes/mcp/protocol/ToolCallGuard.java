package dev.inboxes.mcp.protocol;

import dev.inboxes.domain.shared.Text;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolManager.ToolArgument;
import io.quarkiverse.mcp.server.ToolManager.ToolInfo;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 *       {@code additionalProperties: false}, see {@code ClosedInputSchema});</li>
 *   <li>an argument the tool's input schema declares {@code integer} accepts an integral number in any JSON form
 *       hosts send: {@code 50}, {@code 50.0}, {@code "50"}, {@code 1e2} (100); any other value reaches the tool as
 *       sent, so its error quotes what the agent wrote;</li>
 *   <li>a time argument ({@link ArgumentTypes#TIMES}) accepts the basic form the texts show times in
 *       ({@code 20261202T181143Z}) besides RFC 3339;</li>
 *   <li>an unknown tool is the JSON-RPC error {@code -32602}, with its name cut short.</li>
 * </ul>
 * The names come from each tool's own {@code @ToolArg}s and its input schema, so no list is kept by hand. The
 * session layer runs it on every call ({@code ToolCallValidator}).
 */
@Singleton
public class ToolCallGuard {

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

    /**
     * Checks one call, and gives every argument declared integer in its integral form.
     *
     * @param call the {@code params} of a {@code tools/call}, whose {@code name} and {@code arguments} were checked to
     *             be a string and an object (if present) when the message arrived
     * @return why the call is refused, or empty when the tool may run
     */
    public Optional<Refusal> check(JsonObject call) {
        String name = call.getString("name");
        ToolInfo tool = tools.getTool(name);
        if (tool == null) {
            // The extension would echo the whole name in its error: the caller's text, however long.
            return Optional.of(new Refusal(false, "There is no tool " + Text.quote(name) + "; tools/list lists the "
                    + "tools."));
        }
        if (!(call.getValue("arguments") instanceof JsonObject given)) {
            call.put("arguments", new JsonObject());
            return Optional.empty();
        }
        List<String> declared = tool.arguments().stream().map(ToolArgument::name).toList();
        for (String argument : given.fieldNames()) {
            if (!declared.contains(argument)) {
                return Optional.of(new Refusal(true, "Unknown argument " + Text.quote(argument) + " for " + name
                        + ". " + (declared.isEmpty() ? "It takes no arguments." : "Its arguments are: "
                        + String.join(", ", declared) + ".") + " Call it again with only those."));
            }
        }
        for (String argument : ArgumentTypes.TIMES) {
            if (given.containsKey(argument)) {
                given.put(argument, ArgumentTypes.extendedTime(given.getValue(argument)));
            }
        }
        for (String argument : integerArguments.computeIfAbsent(tool, ToolCallGuard::integerArguments)) {
            Object value = given.getValue(argument);
            Object integral = integral(value);
            if (integral != value) {
                given.put(argument, integral);
            }
        }
        return Optional.empty();
    }

    /**
     * A call refused before its tool runs.
     *
     * (A class, not a record: it is never serialized, and the adapters' public records are; see the native check.)
     */
    public static final class Refusal {

        private final boolean toolError;
        private final String text;

        Refusal(boolean toolError, String text) {
            this.toolError = toolError;
            this.text = text;
        }

        /**
         * @return true: a tool error the agent reads and corrects ({@code isError: true}); false: the JSON-RPC error
         *         {@code -32602} (there is no such tool)
         */
        public boolean toolError() {
            return toolError;
        }

        public String text() {
            return text;
        }
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
}
