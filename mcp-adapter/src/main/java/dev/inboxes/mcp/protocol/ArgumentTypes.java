package dev.inboxes.mcp.protocol;

import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.wait.WaitRequest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    public static final String VERIFIED_ONLY = "verified_only";

    /** The arguments that take a time: in RFC 3339, or in the basic form the texts show ({@link #extendedTime}). */
    public static final Set<String> TIMES = Set.of("created_after", "created_before", "since");

    /** ISO 8601's basic form of a UTC time, as the texts write times: {@code 20261202T181143Z}. */
    private static final Pattern BASIC_TIME = Pattern.compile(
            "(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})(\\.\\d{1,9})?Z");

    private static final Map<String, JsonObject> TYPES = Map.of(
            LIMIT, new JsonObject().put("type", "integer").put("minimum", 1)
                    .put("maximum", PageLimits.AGENTS_MAX_LIMIT).put("default", PageLimits.DEFAULT_LIMIT),
            QUOTES, new JsonObject().put("type", "boolean"),
            VERIFIED_ONLY, new JsonObject().put("type", "boolean").put("default", false),
            TIMEOUT_SECONDS, new JsonObject().put("type", "integer").put("minimum", WaitRequest.MIN_TIMEOUT_SECONDS)
                    .put("maximum", WaitRequest.MAX_TIMEOUT_SECONDS)
                    .put("default", WaitRequest.DEFAULT_TIMEOUT_SECONDS));

    private ArgumentTypes() {
    }

    /**
     * {@code value} in RFC 3339 when it is a time in ISO 8601's basic form, as an agent copies it from a text
     * ({@code 20261202T181143Z} is {@code 2026-12-02T11:43:00Z}); otherwise {@code value} itself, for the domain to
     * read or refuse as sent.
     */
    public static Object extendedTime(Object value) {
        if (value instanceof String text) {
            Matcher basic = BASIC_TIME.matcher(text.strip());
            if (basic.matches()) {
                return basic.group(1) + "-" + basic.group(2) + "-" + basic.group(3) + "T" + basic.group(4) + ":"
                        + basic.group(5) + ":" + basic.group(6) + (basic.group(7) == null ? "" : basic.group(7)) + "Z";
            }
        }
        return value;
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
