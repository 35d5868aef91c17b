package dev.inboxes.app.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decision to start the embedded database sees the JDBC URL wherever Quarkus would read it. Each case runs in a
 * JVM of its own, with its own working directory, environment and system properties, as {@code java -jar} does.
 */
class StartupConfigTest {

    private static final String URL = "jdbc:postgresql://db.example:5432/inboxes";

    @TempDir
    Path workDir;

    @Test
    void withNothingConfiguredTheEmbeddedDatabaseStarts() throws Exception {
        assertThat(probe(Map.of(), List.of())).isEmpty();
    }

    @Test
    void aSystemProperty() throws Exception {
        assertThat(probe(Map.of(), List.of("-Dquarkus.datasource.jdbc.url=" + URL))).isEqualTo(URL);
    }

    @Test
    void anEnvironmentVariable() throws Exception {
        assertThat(probe(Map.of("QUARKUS_DATASOURCE_JDBC_URL", URL), List.of())).isEqualTo(URL);
    }

    @Test
    void theDotEnvFileOfTheWorkingDirectory() throws Exception {
        write(".env", "QUARKUS_DATASOURCE_JDBC_URL=" + URL);
        assertThat(probe(Map.of(), List.of())).isEqualTo(URL);
    }

    @Test
    void configApplicationPropertiesInTheWorkingDirectory() throws Exception {
        write("config/application.properties", "quarkus.datasource.jdbc.url=" + URL);
        assertThat(probe(Map.of(), List.of())).isEqualTo(URL);
    }

    @Test
    void aFileNamedByQuarkusConfigLocations() throws Exception {
        Path file = write("elsewhere/database.properties", "quarkus.datasource.jdbc.url=" + URL);
        assertThat(probe(Map.of("QUARKUS_CONFIG_LOCATIONS", file.toAbsolutePath().toString()), List.of())).isEqualTo(URL);
        assertThat(probe(Map.of(), List.of("-Dquarkus.config.locations=elsewhere/database.properties")))
                .as("relative to the working directory").isEqualTo(URL);
    }

    @Test
    void aKeyOfTheActiveProfileOnly() throws Exception {
        write("config/application.properties", "%staging.quarkus.datasource.jdbc.url=" + URL);
        assertThat(probe(Map.of(), List.of())).as("the prod profile is active by default").isEmpty();
        assertThat(probe(Map.of("QUARKUS_PROFILE", "staging"), List.of())).isEqualTo(URL);

        write("config/application.properties", "%prod.quarkus.datasource.jdbc.url=" + URL);
        assertThat(probe(Map.of(), List.of())).isEqualTo(URL);
    }

    private Path write(String relative, String content) throws IOException {
        Path file = workDir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content + "\n", StandardCharsets.UTF_8);
        return file;
    }

    /** Runs {@link StartupConfigProbe} in the working directory with only these settings; returns what it saw. */
    private String probe(Map<String, String> environment, List<String> systemProperties) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")); // a short-lived JVM: start quickly
        command.addAll(systemProperties);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StartupConfigProbe.class.getName()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_") || name.startsWith("INBOXES_"));
        builder.environment().putAll(environment);
        Path errors = Files.createTempFile(workDir, "probe", ".err");
        Process process = builder.redirectError(errors.toFile()).start();
        String seen = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("probe failed: %s", Files.readString(errors)).isZero();
        Files.delete(errors);
        return seen;
    }
}
