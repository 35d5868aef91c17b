package dev.inboxes.smtp.out;

import io.quarkus.runtime.configuration.DurationConverter;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.runtime.configuration.MemorySizeConverter;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.Map;

/**
 * Settings read from environment variables alone, as the application reads them: with Quarkus's own converters
 * ("30s" and "5m" are Quarkus's duration forms, "10M" its size form), and refusing a variable no mapping knows.
 */
final class EnvironmentConfig {

    private EnvironmentConfig() {
    }

    static SmallRyeConfig of(Map<String, String> environment, Class<?>... mappings) {
        SmallRyeConfigBuilder builder = new SmallRyeConfigBuilder().addDefaultInterceptors()
                .withConverter(Duration.class, 200, new DurationConverter())
                .withConverter(MemorySize.class, 200, new MemorySizeConverter())
                .withSources(new EnvConfigSource(environment, 300)).withValidateUnknown(true);
        for (Class<?> mapping : mappings) {
            builder.withMapping(mapping);
        }
        return builder.build();
    }
}
