package dev.inboxes.app.nativeimage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.database.ExternalDatabase;
import org.junit.jupiter.api.Test;

/** The native entry point's rule: no JDBC URL, no start, and the operator is told what to set. */
class ExternalDatabaseTest {

    @Test
    void withoutAJdbcUrlTheNativeStartExplainsWhatToSet() {
        assertThat(System.getenv("QUARKUS_DATASOURCE_JDBC_URL")).as("test precondition").isNull();
        assertThat(ExternalDatabase.missingUrlMessage()).hasValueSatisfying(message -> assertThat(message)
                .contains("no embedded PostgreSQL").contains("QUARKUS_DATASOURCE_JDBC_URL")
                .contains("QUARKUS_DATASOURCE_PASSWORD"));
    }

    @Test
    void withAJdbcUrlItStarts() {
        System.setProperty("quarkus.datasource.jdbc.url", "jdbc:postgresql://db:5432/inboxes");
        try {
            assertThat(ExternalDatabase.missingUrlMessage()).isEmpty();
        } finally {
            System.clearProperty("quarkus.datasource.jdbc.url");
        }
    }
}
