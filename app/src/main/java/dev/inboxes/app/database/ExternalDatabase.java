package dev.inboxes.app.database;

import java.util.Optional;

/** The native build's database rule: a PostgreSQL server must be configured. */
public final class ExternalDatabase {

    private ExternalDatabase() {
    }

    /** What to tell the operator when no JDBC URL is set; empty when one is. */
    public static Optional<String> missingUrlMessage() {
        if (StartupConfig.jdbcUrl(StartupConfig.read()).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("Inboxes cannot start: no database is configured. The native executable has no embedded "
                + "PostgreSQL (only java -jar has). Set QUARKUS_DATASOURCE_JDBC_URL (for example "
                + "jdbc:postgresql://db:5432/inboxes), QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD.");
    }
}
