package dev.inboxes.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.domain.paging.PageLimits;
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
        properties.putObject("data").put("type", "array")
                .put("description", "At most limit items, in the order the tool's description names.")
                .set("items", mapper.valueToTree(rows.generate(row)));
        properties.putObject("cursor").put("type", "string")
                .put("description", "Pass it back as cursor to get the next page; null when has_more is false.");
        NullableSchema.nullable(properties, "cursor");
        properties.putObject("has_more").put("type", "boolean").put("description", "Whether another page exists.");
        properties.putObject("total").put("type", "integer")
                .put("description", "Items matching the query; on the first page only. A filtered query counts at most "
                        + PageLimits.TOTAL_EXACT_UP_TO_TEXT + " matches by default: then total is that bound and "
                        + "total_exact is false.");
        properties.putObject("total_exact").put("type", "boolean")
                .put("description", "Present, and false, only when total is a lower bound: more items match.");
        schema.putArray("required").add("data").add("cursor").add("has_more");
        return schema;
    }
}
