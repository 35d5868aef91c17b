package dev.inboxes.api.json;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.Iterator;
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
}
