package dev.inboxes.persistence.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A real PostgreSQL for the tests (the same binaries the app embeds), started once per set of tests that
 * share it. Dev Services would need Docker, which the build machines do not have.
 */
public class PostgresResource implements QuarkusTestResourceLifecycleManager {

    private static final Logger ZONKY_LOG = Logger.getLogger("io.zonky");

    private EmbeddedPostgres postgres;

    @Override
    public Map<String, String> start() {
        ZONKY_LOG.setLevel(Level.WARNING);
        try {
            postgres = EmbeddedPostgres.builder()
                    .setOutputRedirector(java.lang.ProcessBuilder.Redirect.DISCARD)
                    .setErrorRedirector(java.lang.ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the test PostgreSQL", e);
        }
        return Map.of(
                "quarkus.datasource.jdbc.url", postgres.getJdbcUrl("postgres", "postgres"),
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "");
    }

    @Override
    public void stop() {
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
