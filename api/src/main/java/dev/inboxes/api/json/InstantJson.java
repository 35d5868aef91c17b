package dev.inboxes.api.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.time.Instant;

/** Every Instant the service writes (REST and MCP alike) goes through {@link InstantWriter}: same text, less CPU. */
@Singleton
public class InstantJson implements ObjectMapperCustomizer {

    /** After Quarkus registers its own java.time serializers: the last module registered wins. */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SimpleModule("inboxes-instants").addSerializer(Instant.class, new InstantWriter()));
    }
}
