package dev.inboxes.mcp.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.mcp.inbox.AgentInbox;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PageOutputSchemaTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final List<Class<?>> rowsAskedFor = new ArrayList<>();

    private JsonNode schemaFor(Class<?> row) {
        PageOutputSchema generator = new PageOutputSchema();
        generator.mapper = mapper;
        generator.rows = from -> {
            rowsAskedFor.add(from);
            ObjectNode rowSchema = mapper.createObjectNode().put("type", "object");
            rowSchema.putObject("properties").putObject("id").put("type", "string");
            return rowSchema;
        };
        return mapper.valueToTree(generator.generate(row));
    }

    @Test
    void theRowsAreTheGeneratedSchemaOfTheRowType() {
        JsonNode schema = schemaFor(AgentInbox.class);

        assertThat(rowsAskedFor).containsExactly(AgentInbox.class);
        assertThat(schema.at("/properties/data/type").asText()).isEqualTo("array");
        assertThat(schema.at("/properties/data/items/properties/id/type").asText()).isEqualTo("string");
    }

    @Test
    void theLastPagesNullCursorAndTheFirstPagesTotalAreValid() {
        JsonNode schema = schemaFor(AgentInbox.class);

        assertThat(schema.at("/properties/cursor/anyOf").toString())
                .isEqualTo("[{\"type\":\"string\"},{\"type\":\"null\"}]");
        assertThat(schema.at("/properties/cursor").has("description")).as("the protocol is in the instructions").isFalse();
        assertThat(schema.at("/properties/total/type").asText()).isEqualTo("integer");
        assertThat(schema.get("required").toString()).isEqualTo("[\"data\",\"cursor\",\"has_more\"]");
    }
}
