package dev.inboxes.app.database;

import io.smallrye.config.DotEnvConfigSourceProvider;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Optional;

/**
 * The configuration as Quarkus will see it, read before Quarkus starts: system properties, environment,
 * {@code .env}, {@code config/application.properties} and {@code application.properties}, with the profile.
 */
public final class StartupConfig {

    static final String JDBC_URL = "quarkus.datasource.jdbc.url";

    private StartupConfig() {
    }

    public static SmallRyeConfig read() {
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        SmallRyeConfigBuilder builder = new SmallRyeConfigBuilder()
                .forClassLoader(classLoader)
                .addDefaultSources()
                .withSources(DotEnvConfigSourceProvider.dotEnvSources(classLoader))
                .withProfile(System.getProperty("quarkus.profile",
                        System.getenv().getOrDefault("QUARKUS_PROFILE", "prod")));
        try {
            Path workingDirConfig = Path.of("config", "application.properties");
            if (Files.isRegularFile(workingDirConfig)) {
                builder.withSources(new PropertiesConfigSource(workingDirConfig.toUri().toURL(), 260));
            }
            for (URL resource : Collections.list(classLoader.getResources("application.properties"))) {
                builder.withSources(new PropertiesConfigSource(resource, 250));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read application.properties", e);
        }
        return builder.build();
    }

    static Optional<String> jdbcUrl(SmallRyeConfig config) {
        return config.getOptionalValue(JDBC_URL, String.class).filter(url -> !url.isBlank());
    }
}
