package dev.inboxes.app.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-configuration start, exactly as a user runs it: {@code java -jar} with no JDBC URL starts the
 * embedded PostgreSQL in the data directory; after a restart the data and the cursors are still good.
 */
class EmbeddedDatabaseIT {

    private static final Path RUNNER = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final Pattern FIELD = Pattern.compile("\"(id|api_key|cursor|total)\":\"?([^\",}]*)");

    @TempDir
    Path workDir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void dataAndCursorsSurviveARestart() throws Exception {
        int port = freePort();
        Map<String, String> account;
        String cursor;
        try (App app = App.start(workDir, port)) {
            assertThat(app.log()).contains("Using the embedded PostgreSQL").contains("QUARKUS_DATASOURCE_JDBC_URL");
            account = fields(send(port, "POST", "/v1/accounts", null));
            for (int i = 0; i < 3; i++) {
                send(port, "POST", "/v1/inboxes", account.get("api_key"));
            }
            cursor = fields(send(port, "GET", "/v1/inboxes?limit=2", account.get("api_key"))).get("cursor");
        }
        Path secret = workDir.resolve(".inboxes-data").resolve("cursor-secret");
        assertThat(Files.getPosixFilePermissions(secret)).isEqualTo(PosixFilePermissions.fromString("rw-------"));

        try (App app = App.start(workDir, port)) {
            String apiKey = account.get("api_key");
            assertThat(fields(send(port, "GET", "/v1/inboxes", apiKey)).get("total")).isEqualTo("3");
            String lastPage = send(port, "GET", "/v1/inboxes?limit=2&cursor=" + cursor, apiKey);
            assertThat(lastPage).contains("\"has_more\":false").doesNotContain("\"total\"");
            assertThat(FIELD.matcher(lastPage).results().filter(m -> m.group(1).equals("id")).count()).isEqualTo(1);
        }
    }

    private String send(int port, String method, String path, String apiKey) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isBetween(200, 299);
        return response.body();
    }

    private static Map<String, String> fields(String json) {
        Map<String, String> fields = new java.util.HashMap<>();
        Matcher matcher = FIELD.matcher(json);
        while (matcher.find()) {
            fields.putIfAbsent(matcher.group(1), matcher.group(2));
        }
        return fields;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The packaged app as a child process, in a working directory of its own, without any database settings. */
    private record App(Process process, Path logFile) implements AutoCloseable {

        static App start(Path workDir, int port) throws Exception {
            String java = ProcessHandle.current().info().command().orElse("java");
            Path log = Files.createTempFile(workDir, "app", ".log");
            List<String> command = new ArrayList<>(List.of(java, "-jar", RUNNER.toAbsolutePath().toString()));
            ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_DATASOURCE")
                    || name.startsWith("INBOXES_"));
            builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
            App app = new App(builder.start(), log);
            app.awaitReady(port);
            return app;
        }

        void awaitReady(int port) throws Exception {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
            HttpRequest ready = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready")).build();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new AssertionError("the app exited: " + log());
                }
                try {
                    if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException notYet) {
                    // still starting
                }
                Thread.sleep(100);
            }
            throw new AssertionError("not ready within 60 s: " + log());
        }

        String log() throws IOException {
            return Files.readString(logFile);
        }

        @Override
        public void close() throws Exception {
            process.destroy(); // SIGTERM: Quarkus shuts down, then the embedded PostgreSQL stops
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("the app did not stop within 30 s");
            }
        }
    }
}
