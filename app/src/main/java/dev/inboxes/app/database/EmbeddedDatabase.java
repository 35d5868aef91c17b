package dev.inboxes.app.database;

import io.smallrye.config.SmallRyeConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
    /**
     * A production server's durability, which the embedded library turns off for tests ({@code -F} and
     * {@code synchronous_commit=off}): a commit returns once its WAL is flushed to disk, and pages are written whole
     * after each checkpoint, so an acknowledged write survives a crash of PostgreSQL or of the machine. Given with
     * {@code -c}, after the library's {@code -F}, so they win.
     */
    static final Map<String, String> DURABILITY = Map.of(
            "fsync", "on",
            "synchronous_commit", "on",
            "full_page_writes", "on");

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
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
            DURABILITY.forEach(builder::setServerConfig);
            EmbeddedPostgres postgres = builder
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
