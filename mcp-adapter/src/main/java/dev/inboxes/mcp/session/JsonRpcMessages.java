package dev.inboxes.mcp.session;

import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;

/**
 * Checks a message posted to {@code /mcp} before the MCP server reads it, so that every malformed one gets the
 * JSON-RPC error the specification names, at once: {@code -32700} when the body is not JSON, {@code -32600} when it
 * is not a single valid request, notification or response, {@code -32602} when a method's params have the wrong
 * shape. (The MCP server left some of these unanswered until the session's idle timeout, answered others with an
 * internal error or an empty HTTP 500.) Errors never echo what the client sent, except a valid id.
 */
final class JsonRpcMessages {

    static final String VERSION = "2.0";
    /** Longer string ids are refused rather than echoed into the error. */
    static final int MAX_ID_LENGTH = 256;
    static final String INITIALIZE = "initialize";
    static final String TOOLS_CALL = "tools/call";
    static final String TOOLS_LIST = "tools/list";

    /** What the session keeps of the client's description of itself. */
    static final int MAX_CLIENT_NAME = 128;
    static final int MAX_CLIENT_VERSION = 64;
    static final int MAX_PROTOCOL_VERSION = 32;
    static final int MAX_CAPABILITY_PROPERTIES = 8;
    private static final List<String> CLIENT_CAPABILITIES = List.of("roots", "sampling", "elicitation");

    private JsonRpcMessages() {
    }

    /** A message found valid, or the error to answer instead with the HTTP status to send it with. */
    record Verdict(JsonObject message, int status, JsonObject error) {

        boolean valid() {
            return error == null;
        }

        static Verdict valid(JsonObject message) {
            return new Verdict(message, 200, null);
        }

        /** An error about the message itself: HTTP 400, with the id only when it is a valid one. */
        static Verdict invalid(Object id, int code, String reason) {
            return new Verdict(null, 400, JsonRpcMessages.error(id, code, reason));
        }

        /** A valid request with unusable params: its response, an error for its id; HTTP 400 for a notification. */
        static Verdict badParams(Object id, String reason) {
            return new Verdict(null, id == null ? 400 : 200, JsonRpcMessages.error(id, JsonRpcErrorCodes.INVALID_PARAMS, reason));
        }
    }

    static Verdict check(Buffer body) {
        if (body == null || body.length() == 0) {
            return Verdict.invalid(null, JsonRpcErrorCodes.PARSE_ERROR, "The request body is empty. Send one JSON-RPC "
                    + "2.0 message as a JSON object.");
        }
        Object json;
        try {
            json = Json.decodeValue(body);
        } catch (DecodeException notJson) {
            return Verdict.invalid(null, JsonRpcErrorCodes.PARSE_ERROR, "The request body is not valid JSON. Send one "
                    + "JSON-RPC 2.0 message as a JSON object.");
        }
        if (json instanceof JsonArray batch) {
            return Verdict.invalid(null, JsonRpcErrorCodes.INVALID_REQUEST, (batch.isEmpty() ? "An empty batch. " : "")
                    + "Batches are not supported (MCP 2025-06-18 removed JSON-RPC batching): send one message per "
                    + "request.");
        }
        if (!(json instanceof JsonObject message)) {
            return Verdict.invalid(null, JsonRpcErrorCodes.INVALID_REQUEST, "A JSON-RPC message is a JSON object with "
                    + "jsonrpc, method and (for a request) id; the body is " + kind(json) + ".");
        }
        Object id = message.getValue("id");
        if (message.containsKey("id") && !isValidId(id)) {
            return Verdict.invalid(null, JsonRpcErrorCodes.INVALID_REQUEST, "id must be a string of at most "
                    + MAX_ID_LENGTH + " characters without control characters or line breaks, or an integer.");
        }
        if (!VERSION.equals(message.getValue("jsonrpc"))) {
            return Verdict.invalid(id, JsonRpcErrorCodes.INVALID_REQUEST, "jsonrpc must be \"2.0\".");
        }
        if (message.containsKey("result") || message.containsKey("error")) {
            return id == null || message.containsKey("method")
                    ? Verdict.invalid(id, JsonRpcErrorCodes.INVALID_REQUEST, "A response carries the id of the "
                            + "request it answers, and no method.")
                    : Verdict.valid(message);
        }
        if (!(message.getValue("method") instanceof String method) || method.isBlank()) {
            return Verdict.invalid(id, JsonRpcErrorCodes.INVALID_REQUEST, "method must be a string naming the method.");
        }
        Object params = message.getValue("params");
        if (message.containsKey("params") && !(params instanceof JsonObject)) {
            return Verdict.badParams(id, "params must be a JSON object, not " + kind(params) + ".");
        }
        return switch (method) {
            case TOOLS_CALL -> checkToolCall(message, id);
            case INITIALIZE -> checkInitialize(message, id);
            default -> Verdict.valid(message);
        };
    }

    /** A {@code tools/list} request for the first page (no cursor): {@link ToolListing} answers it whole. */
    static boolean isFirstToolsList(JsonObject message) {
        return TOOLS_LIST.equals(message.getValue("method")) && message.getValue("id") != null
                && !(message.getValue("params") instanceof JsonObject params && params.containsKey("cursor"));
    }

    static boolean isInitialize(JsonObject message) {
        return INITIALIZE.equals(message.getValue("method")) && message.getValue("id") != null;
    }

    /**
     * The initialize request with only a bounded description of the client, which is all the session keeps: its
     * name, version and title, the protocol version, and the capabilities the protocol defines with their flags.
     */
    static JsonObject bounded(JsonObject initialize) {
        JsonObject params = initialize.getJsonObject("params");
        JsonObject client = params.getJsonObject("clientInfo");
        JsonObject boundedClient = new JsonObject()
                .put("name", cap(client.getString("name"), MAX_CLIENT_NAME))
                .put("version", cap(client.getString("version"), MAX_CLIENT_VERSION));
        if (client.getValue("title") instanceof String title) {
            boundedClient.put("title", cap(title, MAX_CLIENT_NAME));
        }
        JsonObject boundedParams = new JsonObject()
                .put("protocolVersion", cap(params.getString("protocolVersion"), MAX_PROTOCOL_VERSION))
                .put("capabilities", boundedCapabilities(params.getValue("capabilities")))
                .put("clientInfo", boundedClient);
        return new JsonObject().put("jsonrpc", VERSION).put("id", initialize.getValue("id")).put("method", INITIALIZE)
                .put("params", boundedParams);
    }

    static JsonObject error(Object id, int code, String reason) {
        return new JsonObject().put("jsonrpc", VERSION).put("id", id)
                .put("error", new JsonObject().put("code", code).put("message", reason));
    }

    private static Verdict checkToolCall(JsonObject message, Object id) {
        JsonObject params = message.getJsonObject("params");
        if (params == null) {
            return Verdict.badParams(id, "tools/call needs params: {\"name\": \"<tool>\", \"arguments\": {…}}.");
        }
        if (!(params.getValue("name") instanceof String name) || name.isBlank()) {
            return Verdict.badParams(id, "params.name must be the name of a tool, as tools/list returns it.");
        }
        Object arguments = params.getValue("arguments");
        if (arguments != null && !(arguments instanceof JsonObject)) {
            return Verdict.badParams(id, "params.arguments must be a JSON object of argument names and values, not "
                    + kind(arguments) + ".");
        }
        return Verdict.valid(message);
    }

    private static Verdict checkInitialize(JsonObject message, Object id) {
        JsonObject params = message.getJsonObject("params");
        if (params == null || !(params.getValue("protocolVersion") instanceof String)) {
            return Verdict.badParams(id, "initialize needs params.protocolVersion, a string such as \"2025-06-18\".");
        }
        if (params.containsKey("capabilities") && !(params.getValue("capabilities") instanceof JsonObject)) {
            return Verdict.badParams(id, "params.capabilities must be a JSON object.");
        }
        if (!(params.getValue("clientInfo") instanceof JsonObject client)
                || !(client.getValue("name") instanceof String) || !(client.getValue("version") instanceof String)) {
            return Verdict.badParams(id, "initialize needs params.clientInfo with the client's name and version, "
                    + "both strings.");
        }
        return Verdict.valid(message);
    }

    private static JsonObject boundedCapabilities(Object capabilities) {
        JsonObject bounded = new JsonObject();
        if (!(capabilities instanceof JsonObject declared)) {
            return bounded;
        }
        for (String name : CLIENT_CAPABILITIES) {
            if (declared.getValue(name) instanceof JsonObject properties) {
                JsonObject kept = new JsonObject();
                for (String property : properties.fieldNames()) {
                    Object value = properties.getValue(property);
                    if (kept.size() == MAX_CAPABILITY_PROPERTIES || property.length() > MAX_CLIENT_NAME) {
                        continue;
                    }
                    if (value instanceof Boolean) {
                        kept.put(property, value);
                    } else if (value instanceof JsonObject) {
                        kept.put(property, new JsonObject()); // a mode flag, such as elicitation.form
                    }
                }
                bounded.put(name, kept);
            }
        }
        return bounded;
    }

    /**
     * A string id is echoed in responses and may reach the MCP server's log lines: one holding a line break (or any
     * control character) could forge a log line or a terminal escape, so it is refused, not echoed.
     */
    private static boolean isValidId(Object id) {
        if (id instanceof String text) {
            return text.length() <= MAX_ID_LENGTH && text.chars().noneMatch(JsonRpcMessages::breaksALine);
        }
        return id instanceof Integer || id instanceof Long;
    }

    /** C0 and C1 controls (line feed, carriage return, escape…), DEL, and the Unicode line and paragraph separators. */
    private static boolean breaksALine(int c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }

    /** At most {@code length} characters, never half of a surrogate pair. */
    private static String cap(String value, int length) {
        if (value == null || value.length() <= length) {
            return value;
        }
        return value.substring(0, Character.isHighSurrogate(value.charAt(length - 1)) ? length - 1 : length);
    }

    private static String kind(Object json) {
        if (json == null) {
            return "null";
        }
        if (json instanceof JsonArray) {
            return "an array";
        }
        if (json instanceof String) {
            return "a string";
        }
        if (json instanceof Number) {
            return "a number";
        }
        if (json instanceof Boolean) {
            return "a boolean";
        }
        return "an object";
    }
}
