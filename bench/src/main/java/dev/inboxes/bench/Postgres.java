package dev.inboxes.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The database under test: the embedded PostgreSQL (fresh data directory each run) unless
 * QUARKUS_DATASOURCE_JDBC_URL points at a server.
 */
final class Postgres implements AutoCloseable {

    final String jdbcUrl;
    final String username;
    final String password;
    final String description;
    private final EmbeddedPostgres embedded;

    private Postgres(String jdbcUrl, String username, String password, String description, EmbeddedPostgres embedded) {
        this.jdbcUrl = jdbcUrl;
        this.username = username;
        this.password = password;
        this.description = description;
        this.embedded = embedded;
    }

    static Postgres start(Path workDir) throws IOException {
        String url = System.getenv("QUARKUS_DATASOURCE_JDBC_URL");
        if (url != null && !url.isBlank()) {
            return new Postgres(url, System.getenv().getOrDefault("QUARKUS_DATASOURCE_USERNAME", "postgres"),
                    System.getenv().getOrDefault("QUARKUS_DATASOURCE_PASSWORD", ""), "external server " + url, null);
        }
        Path data = workDir.resolve("postgres");
        Files.createDirectories(workDir);
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(true)
                .setOverrideWorkingDirectory(workDir.resolve("runtime").toFile())
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(workDir.resolve("postgres.log").toFile()))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(workDir.resolve("postgres.log").toFile()))
                // Enough for the app's pool, the benchmark's own pool and the seeding sessions.
                .setServerConfig("max_connections", "200")
                .setServerConfig("shared_buffers", "256MB")
                .start();
        return new Postgres(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "",
                "embedded PostgreSQL 17.6 (zonky binaries, default settings but shared_buffers=256MB)", postgres);
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, username, password);
    }

    @Override
    public void close() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }
}
