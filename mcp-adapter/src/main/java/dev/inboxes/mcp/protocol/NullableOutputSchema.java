package dev.inboxes.mcp.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.GlobalOutputSchemaGenerator;
import io.quarkiverse.mcp.server.OutputSchemaGenerator;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The output schema of a tool whose result has {@link MayBeNull} fields: the generated schema, with each of them
 * nullable ({@link NullableSchema}). The fields are found as Jackson writes them, under their JSON names.
 */
@Singleton
public class NullableOutputSchema implements OutputSchemaGenerator {

    @Inject
    GlobalOutputSchemaGenerator generated;

    @Inject
    ObjectMapper mapper;

    @Override
    public Object generate(Class<?> from) {
        ObjectNode schema = mapper.valueToTree(generated.generate(from));
        ObjectNode properties = (ObjectNode) schema.get("properties");
        for (BeanPropertyDefinition property : mapper.getSerializationConfig()
                .introspect(mapper.constructType(from)).findProperties()) {
            AnnotatedMember accessor = property.getAccessor();
            if (accessor != null && accessor.hasAnnotation(MayBeNull.class)) {
                NullableSchema.nullable(properties, property.getName());
            }
        }
        return schema;
    }
}
