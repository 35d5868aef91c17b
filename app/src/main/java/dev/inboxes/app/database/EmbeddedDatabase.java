package dev.inboxes.app.database;

import io.smallrye.config.SmallRyeConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The zero-configuration database of the JVM build: a real PostgreSQL from binaries shipped as a Maven
 * artifact, with its data under the data directory so it survives restarts. Used only when no JDBC URL is
 * configured; the native build has no embedded database (see {@code InboxesNativeMain}).
 */
public final class EmbeddedDatabase {

    private static final Logger ZONKY_LOG = Logger.getLogger("io.zonky");
    private static final String USERNAME_PROPERTY = "quarkus.datasource.username";

    private EmbeddedDatabase() {
    }

    public static void startUnlessConfigured() {
        SmallRyeConfig config = StartupConfig.read();
        if (StartupConfig.jdbcUrl(config).isPresent()) {
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
                    .setRegisterShutdownHook(false) // stopped by EmbeddedDatabaseLifecycle, after requests drain
                    .start();
            System.setProperty(StartupConfig.JDBC_URL, postgres.getJdbcUrl("postgres", "postgres"));
            System.setProperty(USERNAME_PROPERTY, "postgres");
            EmbeddedDatabaseLifecycle.register(postgres, pgData);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the embedded PostgreSQL in " + pgData
                    + ". Set QUARKUS_DATASOURCE_JDBC_URL to use a PostgreSQL server instead.", e);
        }
    }
}
