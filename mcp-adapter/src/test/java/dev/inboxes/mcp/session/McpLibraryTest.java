package dev.inboxes.mcp.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The session layer reaches into the MCP library's runtime ({@link McpLibrary}): it fails here, on the build's
 * classpath, the day the library changes under it, before anything else can half work.
 */
class McpLibraryTest {

    @ParameterizedTest
    @ValueSource(strings = {"quarkus-mcp-server-core", "quarkus-mcp-server-http"})
    void theLibraryIsTheVersionTheSessionLayerWasCheckedAgainst(String artifact) throws IOException {
        String path = "/META-INF/maven/io.quarkiverse.mcp/" + artifact + "/pom.properties";
        Properties built = new Properties();
        try (InputStream in = McpLibrary.class.getResourceAsStream(path)) {
            assertThat(in).as(path + " on the classpath").isNotNull();
            built.load(in);
        }
        assertThat(built.getProperty("version"))
                .as("%s changed: re-check every internal McpLibrary lists (the end-to-end MCP tests show which broke), "
                        + "then set McpLibrary.VERSION", artifact)
                .isEqualTo(McpLibrary.VERSION);
    }
}
