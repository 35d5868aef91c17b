package dev.inboxes.app.database;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-configuration start, exactly as a user runs it: {@code java -jar} with no JDBC URL starts the
 * embedded PostgreSQL in the data directory; after a restart the data and the cursors are still good.
 */
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
}
