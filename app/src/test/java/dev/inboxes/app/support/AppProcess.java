package dev.inboxes.app.support;

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

/**
 * The packaged app ({@code java -jar target/quarkus-app/quarkus-run.jar}) as a child process, exactly as users
 * run it, in a working directory of its own; for tests that need several instances, restarts or signals.
 */
public final class AppProcess implements AutoCloseable {

    private static final Path RUNNER = Path.of("target", "quarkus-app", "quarkus-run.jar");
    private static final String READINESS = "/q/health/ready";

    public final int port;
    public final String baseUrl;
    /** The management interface (health, metrics), on a port of its own. */
    public final String managementUrl;
    private final Process process;
    private final Path log;

    private AppProcess(Process process, int port, int managementPort, Path log) {
        this.process = process;
        this.port = port;
        this.baseUrl = "http://localhost:" + port;
        this.managementUrl = "http://localhost:" + managementPort;
        this.log = log;
    }

    /**
     * Rate limits raised far beyond what a test sends: thousands of requests a second from one address and account
     * are these tests' normal load, not abuse. A test of the limits sets its own (they win over these).
     */
    private static final Map<String, String> TEST_RATE_LIMITS = Map.of(
            "INBOXES_RATE_LIMIT_ACCOUNT_REQUESTS", "10000000",
            "INBOXES_RATE_LIMIT_ADDRESS_REQUESTS", "10000000",
            "INBOXES_RATE_LIMIT_SIGN_UP_REQUESTS", "10000000");

    /**
     * Starts the app with these environment variables (no other QUARKUS_DATASOURCE_* or INBOXES_*, but the raised
     * rate limits unless they are given) and waits until ready.
     */
    public static AppProcess start(Path workDir, Map<String, String> environment) throws Exception {
        int port = freePort();
        int managementPort = freePort();
        Files.createDirectories(workDir);
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = Files.createTempFile(workDir, "app-" + port + "-", ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-jar", RUNNER.toAbsolutePath().toString()))
                .directory(workDir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_") || name.startsWith("INBOXES_"));
        builder.environment().putAll(TEST_RATE_LIMITS);
        builder.environment().putAll(environment);
        builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
        // Instances run side by side (and beside other builds): never the fixed SMTP port unless a test asks.
        builder.environment().putIfAbsent("INBOXES_SMTP_PORT", "0");
        builder.environment().put("QUARKUS_MANAGEMENT_PORT", String.valueOf(managementPort));
        AppProcess app = new AppProcess(builder.start(), port, managementPort, log);
        app.awaitReadiness(200, Duration.ofSeconds(60));
        return app;
    }

    /** Polls readiness on the management interface until it answers {@code status}. */
    public void awaitReadiness(int status, Duration patience) throws Exception {
        awaitStatus(managementUrl + READINESS, status, patience);
    }

    /** Polls a URL until it answers {@code status}. */
    public void awaitStatus(String url, int status, Duration patience) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + patience.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the app exited: " + log());
            }
            try {
                if (client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == status) {
                    return;
                }
            } catch (IOException notYet) {
                // starting, or not answering yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError(url + " did not answer " + status + " within " + patience + ": " + log());
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    /** The app's process id, for signals and measurements. */
    public long pid() {
        return process.pid();
    }

    /** SIGKILL: the process dies at once, as in a crash; returns the exit code. */
    public int kill() throws Exception {
        process.destroyForcibly();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            throw new AssertionError("the app did not die within 20 s of SIGKILL");
        }
        return process.exitValue();
    }

    /** SIGTERM, as Kubernetes stops a pod; returns the exit code. */
    public int stop() throws Exception {
        process.destroy();
        if (!process.waitFor(40, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the app did not stop within 40 s");
        }
        return process.exitValue();
    }

    /** Stops the app if still running, and keeps its log under target/it-logs for a failed test's diagnosis. */
    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            stop();
        }
        Path kept = Path.of("target", "it-logs");
        Files.createDirectories(kept);
        Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
