package dev.inboxes.app;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/openapi.json} is the spec clients are generated from (the openapi-client module builds from it),
 * so it must be exactly what the service serves. Refresh it with:
 * {@code ./mvnw -B -pl app -am verify -Dtest=OpenApiDocumentTest -DupdateOpenApi=true
 * -Dsurefire.failIfNoSpecifiedTests=false -DskipITs}, then build again: the clients are generated from the file.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class OpenApiDocumentTest {

    static final Path COMMITTED = Path.of("..", "docs", "openapi.json");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Test
    void theCommittedSpecIsTheServedSpec() throws IOException {
        JsonNode served = JSON.readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().asString());
        if (Boolean.getBoolean("updateOpenApi")) {
            Files.writeString(COMMITTED, JSON.writeValueAsString(served) + "\n", StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(COMMITTED)).as("docs/openapi.json exists").isTrue();
        assertThat(JSON.readTree(Files.readString(COMMITTED)))
                .as("docs/openapi.json is stale: refresh it with ./mvnw -B -pl app -am verify -Dtest=OpenApiDocumentTest "
                        + "-DupdateOpenApi=true -Dsurefire.failIfNoSpecifiedTests=false -DskipITs, then build again "
                        + "(the generated clients are made from the file)")
                .isEqualTo(served);
    }
}
