package dev.inboxes.app.database;

import io.quarkus.runtime.configuration.ConfigUtils;
import io.smallrye.config.SmallRyeConfig;
import java.util.Optional;

/**
 * The configuration as Quarkus will see it, read before Quarkus starts, so that the decision to start the embedded
 * database reads the same settings as the datasource will. It is Quarkus' own configuration builder (the one
 * {@code ConfigProvider.getConfig()} uses before the application starts), not a hand-made list of sources: system
 * properties, environment variables, {@code .env}, {@code config/application.properties},
 * {@code application.properties}, the files named by {@code quarkus.config.locations}, and the active profile.
 */
public final class StartupConfig {

    static final String JDBC_URL = "quarkus.datasource.jdbc.url";

    private StartupConfig() {
    }

    public static SmallRyeConfig read() {
        return ConfigUtils.configBuilder().build();
    }

    static Optional<String> jdbcUrl(SmallRyeConfig config) {
        return config.getOptionalValue(JDBC_URL, String.class).filter(url -> !url.isBlank());
    }
}
