package dev.inboxes.mcp.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A property of an output schema that may be null, written as the OpenAPI document writes one: {@code anyOf} the
 * value's schema and {@code {"type": "null"}}, the description beside it. Type arrays ({@code ["string", "null"]})
 * validate too, but strict schema checkers warn about them; a generated schema knows no nulls at all, so a client that
 * validates after {@code tools/list} (as hosts do) rejects the result.
 */
public final class NullableSchema {

    private NullableSchema() {
    }

    /** Makes {@code properties.name} nullable in place; the property must exist. */
    public static void nullable(ObjectNode properties, String name) {
        ObjectNode value = (ObjectNode) properties.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no property " + name + " to make nullable");
        }
        JsonNode description = value.remove("description");
        ObjectNode nullable = properties.putObject(name);
        if (description != null) {
            nullable.set("description", description);
        }
        ArrayNode anyOf = nullable.putArray("anyOf");
        anyOf.add(value);
        anyOf.addObject().put("type", "null");
    }
}
