package dev.inboxes.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads a request object field by field, so a typo ({@code displayName}) or a wrong type ({@code 42} for a
 * string) is a clear 400 naming the field, not a value silently ignored or coerced.
 */
public final class JsonFields {

    private final JsonNode object;

    private JsonFields(JsonNode object) {
        this.object = object;
    }

    /**
     * @param body    the parsed body; absent or null counts as {@code {}}
     * @param allowed the request's field names
     * @param example a valid body, quoted in errors
     */
    public static JsonFields of(JsonNode body, Set<String> allowed, String example) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            return new JsonFields(null);
        }
        if (!body.isObject()) {
            throw new InvalidArgumentException("body", "The body must be a JSON object such as " + example + ".");
        }
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                throw new InvalidArgumentException(name, "Unknown field " + Text.quote(name) + ". The fields are "
                        + String.join(", ", allowed.stream().sorted().toList()) + " (snake_case), e.g. " + example + ".");
            }
        }
        return new JsonFields(body);
    }

    /** A string field's value; {@code null} when absent or null. */
    public String text(String field) {
        JsonNode value = object == null ? null : object.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new InvalidArgumentException(field, field + " must be a string (got "
                    + value.getNodeType().toString().toLowerCase(Locale.ROOT) + ").");
        }
        return value.textValue();
    }

    /** A boolean field's value; {@code fallback} when absent or null. */
    public boolean bool(String field, boolean fallback) {
        JsonNode value = object == null ? null : object.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw new InvalidArgumentException(field, field + " must be true or false (got "
                    + value.getNodeType().toString().toLowerCase(Locale.ROOT) + ").");
        }
        return value.booleanValue();
    }

    /** An array of strings; {@code null} when absent or null, each element a string. */
    public List<String> texts(String field, int maxItems) {
        JsonNode array = array(field, maxItems);
        if (array == null) {
            return null;
        }
        List<String> values = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode item = array.get(i);
            if (!item.isTextual()) {
                throw new InvalidArgumentException(field, field + "[" + i + "] must be a string (got "
                        + item.getNodeType().toString().toLowerCase(Locale.ROOT) + ").");
            }
            values.add(item.textValue());
        }
        return values;
    }

    /** An array of objects, each read with its own fields; {@code null} when absent or null. */
    public List<JsonFields> objects(String field, int maxItems, Set<String> allowed, String example) {
        JsonNode array = array(field, maxItems);
        if (array == null) {
            return null;
        }
        List<JsonFields> values = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode item = array.get(i);
            if (!item.isObject()) {
                throw new InvalidArgumentException(field, field + "[" + i + "] must be an object such as " + example
                        + ".");
            }
            values.add(of(item, allowed, example));
        }
        return values;
    }

    private JsonNode array(String field, int maxItems) {
        JsonNode value = object == null ? null : object.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            throw new InvalidArgumentException(field, field + " must be an array (got "
                    + value.getNodeType().toString().toLowerCase(Locale.ROOT) + ").");
        }
        if (value.size() > maxItems) {
            throw new InvalidArgumentException(field, field + " holds " + value.size() + " items; at most "
                    + maxItems + " are allowed.");
        }
        return value;
    }
}
