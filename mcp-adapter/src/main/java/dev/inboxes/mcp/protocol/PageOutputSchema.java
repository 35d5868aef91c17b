package dev.inboxes.mcp.protocol;

import dev.inboxes.mcp.respond.AgentPage;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import io.quarkiverse.mcp.server.OutputSchemaGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The output schema of a list tool ({@link AgentPage}), from its row type: {@code @Tool.OutputSchema(from = Row.class,
 * generator = PageOutputSchema.class)}. The row schema is generated; the page envelope is stated by hand, because
 * {@code cursor} is null on the last page and {@code total} (and {@code total_exact}) appear on the first page only, which a schema
 * generated from the record would get wrong (a client that validates would reject a last page).
 */
@Singleton
public class PageOutputSchema implements OutputSchemaGenerator {

    @Inject
    GlobalOutputSchemaGenerator rows;

    @Inject
    ObjectMapper mapper;

    /** @param row the type of the page's rows */
    @Override
    public Object generate(Class<?> row) {
        ObjectNode schema = mapper.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("data").put("type", "array").set("items", mapper.valueToTree(rows.generate(row)));
        // What the envelope's fields mean is the protocol, said once in the server's instructions.
        properties.putObject("cursor").put("type", "string");
        NullableSchema.nullable(properties, "cursor");
        properties.putObject("has_more").put("type", "boolean");
        properties.putObject("total").put("type", "integer");
        properties.putObject("total_exact").put("type", "boolean");
        schema.putArray("required").add("data").add("cursor").add("has_more");
        return schema;
    }
}
