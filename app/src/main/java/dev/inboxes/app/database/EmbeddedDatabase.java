package dev.inboxes.app.database;

import io.smallrye.config.DotEnvConfigSourceProvider;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The zero-configuration database: a real PostgreSQL from binaries shipped as a Maven artifact, with its
 * data under the data directory so it survives restarts. Used only when no JDBC URL is configured.
 */
public final class EmbeddedDatabase {

    private static final Logger ZONKY_LOG = Logger.getLogger("io.zonky");

    /** The running database's data directory, so the start-up notice can name it once logging is configured. */
    private static volatile Path runningDataDirectory;

    private static final String URL_PROPERTY = "quarkus.datasource.jdbc.url";
    private static final String USERNAME_PROPERTY = "quarkus.datasource.username";

    private EmbeddedDatabase() {
    }

    public static void startUnlessConfigured() {
        SmallRyeConfig config = startupConfig();
        if (config.getOptionalValue(URL_PROPERTY, String.class).isPresent()) {
            return;
        }
        Path dataDir = Path.of(config.getOptionalValue("inboxes.data-dir", String.class).orElse(".inboxes-data"))
                .toAbsolutePath();
        Path pgData = dataDir.resolve("postgres");
        try {
            Files.createDirectories(pgData);
            // PostgreSQL's own output goes to a log file beside its data, not into the service's log.
            ZONKY_LOG.setLevel(Level.WARNING);
            ProcessBuilder.Redirect serverLog = ProcessBuilder.Redirect.appendTo(dataDir.resolve("postgres.log").toFile());
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(pgData)
                    .setCleanDataDirectory(false)
                    .setOverrideWorkingDirectory(dataDir.resolve("runtime").toFile())
                    .setOutputRedirector(serverLog)
                    .setErrorRedirector(serverLog)
                    .start();
            System.setProperty(URL_PROPERTY, postgres.getJdbcUrl("postgres", "postgres"));
            System.setProperty(USERNAME_PROPERTY, "postgres");
            runningDataDirectory = pgData;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the embedded PostgreSQL in " + pgData
                    + ". Set QUARKUS_DATASOURCE_JDBC_URL to use a PostgreSQL server instead.", e);
        }
    }

    /** The embedded database's data directory, when this process started one. */
    public static Optional<Path> runningDataDirectory() {
        return Optional.ofNullable(runningDataDirectory);
    }

    /**
     * The configuration as Quarkus will see it, read before Quarkus starts: system properties, environment,
     * {@code .env}, {@code config/application.properties} and {@code application.properties}, with the profile.
     */
    private static SmallRyeConfig startupConfig() {
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
}
