package dev.inboxes.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import io.quarkiverse.mcp.server.OutputSchemaGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * The output schema of a list tool. Generated row schemas are reused, but the page envelope is stated by
 * hand: {@code cursor} is null on the last page and {@code total} appears on the first page only, which a
 * schema generated from the record would get wrong (a client that validates would reject a last page).
 */
@Singleton
public class PageOutputSchema implements OutputSchemaGenerator {

    @Inject
    GlobalOutputSchemaGenerator rows;

    @Inject
    ObjectMapper mapper;

    /** @param page a record with a {@code List<Row> data} component */
    @Override
    public Object generate(Class<?> page) {
        ObjectNode schema = mapper.createObjectNode().put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("data").put("type", "array")
                .put("description", "At most limit items, newest first.")
                .set("items", mapper.valueToTree(rows.generate(rowType(page))));
        ObjectNode cursor = properties.putObject("cursor");
        cursor.putArray("type").add("string").add("null");
        cursor.put("description", "Pass it back as cursor to get the next page; null when has_more is false.");
        properties.putObject("has_more").put("type", "boolean").put("description", "Whether another page exists.");
        properties.putObject("total").put("type", "integer")
                .put("description", "Items matching the query; on the first page only.");
        schema.putArray("required").add("data").add("cursor").add("has_more");
        return schema;
    }

    private static Class<?> rowType(Class<?> page) {
        RecordComponent data = Arrays.stream(page.getRecordComponents())
                .filter(component -> component.getName().equals("data"))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(page + " has no data component"));
        return (Class<?>) ((ParameterizedType) data.getGenericType()).getActualTypeArguments()[0];
    }
}
