package dev.inboxes.mcp.wait;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.mcp.NullableSchema;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import io.quarkiverse.mcp.server.OutputSchemaGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * {@code wait_for_message}'s output schema: generated from {@link AgentWaitResult}, with {@code message} allowed to
 * be null (a wait that timed out), which the generated schema would refuse on exactly the path the tool exists for.
 */
@Singleton
public class WaitOutputSchema implements OutputSchemaGenerator {

    @Inject
    GlobalOutputSchemaGenerator generated;

    @Inject
    ObjectMapper mapper;

    @Override
    public Object generate(Class<?> from) {
        ObjectNode schema = mapper.valueToTree(generated.generate(from));
        NullableSchema.nullable((ObjectNode) schema.get("properties"), "message");
        return schema;
    }
}
