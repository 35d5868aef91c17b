package dev.inboxes.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The packaged service ({@code java -jar}), as users run it, against the benchmark's database, with JFR on. */
final class App implements AutoCloseable {

    static final String CURSOR_SECRET = "benchmark-cursor-secret-0123456789abcdef";
    /**
     * The JVM options the app is run with, as docs/deploy.md says to run it: the throughput collector, which the
     * container image's launcher also chooses (on two cores G1's concurrent work costs a third more CPU per page).
     */
    static final List<String> JVM_OPTIONS = List.of("-XX:+UseParallelGC", "-XX:+ExitOnOutOfMemoryError");

    final String baseUrl;
    final int smtpPort;
    final Path flightRecording;
    /** Health and metrics are served on the management interface, not on the API port. */
    final String managementUrl;
    private final Process process;
    private final Path log;

    private App(Process process, String baseUrl, String managementUrl, int smtpPort, Path log, Path flightRecording) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.managementUrl = managementUrl;
        this.smtpPort = smtpPort;
        this.log = log;
        this.flightRecording = flightRecording;
    }

    static App start(Path jar, Path workDir, Postgres database) throws Exception {
        return start(jar, workDir, database, "app", Map.of());
    }

    /** @param settings more environment variables, e.g. another {@code INBOXES_TOTAL_EXACT_UP_TO} */
    static App start(Path jar, Path workDir, Postgres database, Map<String, String> settings) throws Exception {
        return start(jar, workDir, database, "app", settings);
    }

    /** A replica named {@code name}: its log and recording are {@code name.log} and {@code name.jfr}. */
    static App start(Path jar, Path workDir, Postgres database, String name) throws Exception {
        return start(jar, workDir, database, name, Map.of());
    }

    static App start(Path jar, Path workDir, Postgres database, String name, Map<String, String> settings)
            throws Exception {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build the app first (./mvnw -B install -DskipTests)");
        }
        int port = freePort();
        int smtpPort = freePort();
        int managementPort = freePort();
        Path log = workDir.resolve(name + ".log");
        Path recording = workDir.resolve(name + ".jfr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java,
                "-XX:StartFlightRecording=filename=" + recording + ",settings=profile,dumponexit=true"));
        command.addAll(JVM_OPTIONS);
        // JVM options to compare side by side (bench.app-java-options, space-separated), e.g. another collector.
        for (String option : System.getProperty("bench.app-java-options", "").split(" ")) {
            if (!option.isBlank()) {
                command.add(option);
            }
        }
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
        builder.environment().put("INBOXES_SMTP_PORT", String.valueOf(smtpPort));
        // The ingest senders all connect from loopback, as a relay would: room for 16 of them and their rotation.
        builder.environment().put("INBOXES_SMTP_MAX_CONNECTIONS_PER_ADDRESS", String.valueOf(SmtpIngest.MAX_SENDERS * 2));
        // A benchmark's sender keeps its connection for thousands of messages (a mail server gets 1,000 commands).
        builder.environment().put("INBOXES_SMTP_MAX_COMMANDS", "100000000");
        builder.environment().put("QUARKUS_MANAGEMENT_PORT", String.valueOf(managementPort));
        builder.environment().put("QUARKUS_DATASOURCE_JDBC_URL", database.jdbcUrl);
        builder.environment().put("QUARKUS_DATASOURCE_USERNAME", database.username);
        builder.environment().put("QUARKUS_DATASOURCE_PASSWORD", database.password);
        builder.environment().put("INBOXES_CURSOR_SECRET", CURSOR_SECRET);
        builder.environment().put("INBOXES_DATA_DIR", workDir.resolve(name + "-data").toString());
        // One load generator on one address and account is the benchmark, not abuse: limits far above its rate
        // (the limiter still runs, so its cost is in the figures).
        builder.environment().put("INBOXES_RATE_LIMIT_ACCOUNT_REQUESTS", "1000000000");
        builder.environment().put("INBOXES_RATE_LIMIT_ADDRESS_REQUESTS", "1000000000");
        builder.environment().put("INBOXES_RATE_LIMIT_SIGN_UP_REQUESTS", "1000000000");
        // (f) holds up to a thousand waits, each on its own connection, from this one address.
        builder.environment().put("INBOXES_HTTP_CONNECTIONS_PER_ADDRESS", String.valueOf(WakeLatency.MOST_WAITERS * 4));
        builder.environment().put("INBOXES_HTTP_WAITS_PER_ADDRESS", String.valueOf(WakeLatency.MOST_WAITERS * 2));
        builder.environment().put("INBOXES_WAITS_MAX_PER_ACCOUNT", String.valueOf(WakeLatency.MOST_WAITERS * 2));
        // The sections before (h) measure mail in as they always did, without the checks at receipt (whose lookups
        // of bench.example would wait for the system's resolver); (h) measures the checks, on and off.
        builder.environment().put("INBOXES_AUTH_ENABLED", "false");
        builder.environment().putAll(settings);
        App app = new App(builder.start(), "http://localhost:" + port, "http://localhost:" + managementPort, smtpPort,
                log, recording);
        app.awaitReady();
        return app;
    }

    /** Environment variables from {@code NAME=value,NAME=value} (empty: none). */
    static Map<String, String> settingsFrom(String list) {
        Map<String, String> settings = new java.util.LinkedHashMap<>();
        for (String setting : list.split(",")) {
            if (!setting.isBlank()) {
                int equals = setting.indexOf('=');
                settings.put(setting.substring(0, equals).trim(), setting.substring(equals + 1).trim());
            }
        }
        return settings;
    }

    private void awaitReady() throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create(managementUrl + "/q/health/ready")).build();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the app exited:\n" + Files.readString(log));
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
        throw new IllegalStateException("the app was not ready within 120 s:\n" + Files.readString(log));
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
