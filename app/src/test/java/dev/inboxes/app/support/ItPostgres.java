package dev.inboxes.app.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A PostgreSQL for tests that run the packaged app as processes: a fixed port and data directory, so it can
 * be stopped (an outage) and started again with the same data where the apps expect it.
 */
public final class ItPostgres implements AutoCloseable {

    private static final Logger ZONKY_LOG = Logger.getLogger("io.zonky");

    private final Path dataDirectory;
    private final int port;
    private EmbeddedPostgres running;

    public ItPostgres(Path dataDirectory) throws IOException {
        this.dataDirectory = dataDirectory;
        this.port = AppProcess.freePort();
        ZONKY_LOG.setLevel(Level.WARNING);
    }

    public ItPostgres start() throws IOException {
        running = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
        return this;
    }

    /** Stops the server: every connection breaks and new ones are refused until {@link #start()}. */
    public void stop() throws IOException {
        running.close();
        running = null;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    /** What an app instance needs to use this database, with a fixed cursor secret; callers may add more. */
    public Map<String, String> appEnvironment() {
        Map<String, String> environment = new HashMap<>();
        environment.put("QUARKUS_DATASOURCE_JDBC_URL", jdbcUrl());
        environment.put("QUARKUS_DATASOURCE_USERNAME", "postgres");
        environment.put("INBOXES_CURSOR_SECRET", "cursor-secret-of-the-integration-tests-0123456789");
        return environment;
    }

    @Override
    public void close() throws IOException {
        if (running != null) {
            stop();
        }
    }
}
