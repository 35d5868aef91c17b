package dev.inboxes.mcp.message;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.mcp.NullableSchema;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import io.quarkiverse.mcp.server.OutputSchemaGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * {@code get_message}'s output schema: generated from {@link AgentMessageDetail}, with {@code body_cursor} allowed
 * to be null (the last part's), which the generated schema would refuse, as a page's last cursor.
 */
@Singleton
public class MessageReadOutputSchema implements OutputSchemaGenerator {

    @Inject
    GlobalOutputSchemaGenerator generated;

    @Inject
    ObjectMapper mapper;

    @Override
    public Object generate(Class<?> from) {
        ObjectNode schema = mapper.valueToTree(generated.generate(from));
        NullableSchema.nullable((ObjectNode) schema.get("properties"), "body_cursor");
        return schema;
    }
}
