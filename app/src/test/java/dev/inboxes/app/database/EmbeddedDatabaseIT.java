package dev.inboxes.app.database;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.JvmOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-configuration start, exactly as a user runs it: {@code java -jar} with no JDBC URL starts the
 * embedded PostgreSQL in the data directory; after a restart the data and the cursors are still good. A JDBC URL
 * configured anywhere Quarkus reads configuration means no embedded database.
 *
 * <p>JVM build only: the native executable has no embedded PostgreSQL (ExternalDatabaseTest covers its refusal to
 * start without a JDBC URL).
 */
@JvmOnly("the native executable has no embedded PostgreSQL")
class EmbeddedDatabaseIT {

    @TempDir
    Path workDir;

    @Test
    void dataAndCursorsSurviveARestart() throws Exception {
        String apiKey;
        String cursor;
        try (AppProcess app = AppProcess.start(workDir, Map.of())) {
            assertThat(app.log()).contains("Using the embedded PostgreSQL").contains("QUARKUS_DATASOURCE_JDBC_URL");
            apiKey = Client.newAccount(app.baseUrl);
            Client client = new Client(apiKey);
            for (int i = 0; i < 3; i++) {
                assertThat(client.send("POST", app.baseUrl + "/v1/inboxes", "{}", null).statusCode()).isEqualTo(201);
            }
            cursor = client.get(app.baseUrl + "/v1/inboxes?limit=2").path("cursor").asText();
        }
        Path secret = workDir.resolve(".inboxes-data").resolve("cursor-secret");
        assertThat(Files.getPosixFilePermissions(secret)).isEqualTo(PosixFilePermissions.fromString("rw-------"));

        try (AppProcess app = AppProcess.start(workDir, Map.of())) {
            Client client = new Client(apiKey);
            assertThat(client.get(app.baseUrl + "/v1/inboxes").path("total").asLong()).isEqualTo(3);
            JsonNode lastPage = client.get(app.baseUrl + "/v1/inboxes?limit=2&cursor=" + cursor);
            assertThat(lastPage.path("has_more").asBoolean()).isFalse();
            assertThat(lastPage.has("total")).isFalse();
            assertThat(lastPage.path("data")).hasSize(1);
        }
    }

    @Test
    void aJdbcUrlInAFileNamedByConfigLocationsIsUsedInsteadOfTheEmbeddedDatabase() throws Exception {
        try (ItPostgres database = new ItPostgres(workDir.resolve("pg")).start()) {
            Path settings = workDir.resolve("settings").resolve("database.properties");
            Files.createDirectories(settings.getParent());
            Files.writeString(settings, "quarkus.datasource.jdbc.url=" + database.jdbcUrl() + "\n"
                    + "quarkus.datasource.username=postgres\n");
            Map<String, String> environment = Map.of("QUARKUS_CONFIG_LOCATIONS", settings.toString(),
                    "INBOXES_CURSOR_SECRET", "cursor-secret-of-the-integration-tests-0123456789");
            try (AppProcess app = AppProcess.start(workDir.resolve("app"), environment)) {
                assertThat(app.log()).doesNotContain("Using the embedded PostgreSQL");
                assertThat(workDir.resolve("app").resolve(".inboxes-data").resolve("postgres")).doesNotExist();
                Client.newAccount(app.baseUrl);
            }
            try (Connection connection = DriverManager.getConnection(database.jdbcUrl(), "postgres", "");
                 ResultSet accounts = connection.createStatement().executeQuery("SELECT count(*) FROM accounts")) {
                accounts.next();
                assertThat(accounts.getLong(1)).as("the account is in the configured database").isEqualTo(1);
            }
        }
    }
}
