package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The packaged app as a child process, exactly as users run it, in a working directory of its own; for tests that
 * need several instances, restarts or signals. Which build runs is what the last Quarkus build wrote
 * ({@code target/quarkus-artifact.properties}): the native executable ({@code target/*-runner}) after a native build
 * ({@code -Pnative}), {@code java -jar target/quarkus-app/quarkus-run.jar} otherwise.
 */
public final class AppProcess implements AutoCloseable {

    private static final Path TARGET = Path.of("target");
    private static final Path JAR = TARGET.resolve("quarkus-app").resolve("quarkus-run.jar");
    /** The build the integration tests run: the native executable, or null for the jar. */
    private static final Path NATIVE_EXECUTABLE = nativeExecutable();
    private static final String READINESS = "/q/health/ready";
    /**
     * The JIT's first tier only: an instance here lives seconds to a minute, never long enough for the optimising
     * compiler to pay back its CPU (a start costs 4.5 s of CPU instead of 7.5 s; on two cores that is most of the
     * integration tests' time). Behaviour is the same; only long-running speed differs.
     */
    public static final String QUICK_START = "-XX:TieredStopAtLevel=1";
    private static final String HTTP_PORT = "QUARKUS_HTTP_PORT";
    private static final String MANAGEMENT_PORT = "QUARKUS_MANAGEMENT_PORT";
    /** A first start (PostgreSQL unpacked, its database created, migrations) on a loaded 2-core machine. */
    private static final Duration READY_PATIENCE = Duration.ofSeconds(120);

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
        return start(workDir, environment, List.of());
    }

    /** As {@link #start(Path, Map)}, with these JVM options too (a smaller heap: {@code -Xmx400m}). */
    public static AppProcess start(Path workDir, Map<String, String> environment, List<String> jvmOptions)
            throws Exception {
        AppProcess app = launch(workDir, environment, jvmOptions);
        try {
            app.awaitReadiness(200, READY_PATIENCE);
        } catch (AssertionError | Exception notReady) {
            app.process.destroyForcibly(); // a test that fails here must not leave the app running
            throw notReady;
        }
        return app;
    }

    /**
     * Starts the app like {@link #start} without waiting for it: for starts that must fail. Ports given in the
     * environment ({@code QUARKUS_HTTP_PORT}, {@code QUARKUS_MANAGEMENT_PORT}, {@code INBOXES_SMTP_PORT}) are kept;
     * the others are free ones (SMTP: any, named in the log).
     */
    public static AppProcess launch(Path workDir, Map<String, String> environment) throws Exception {
        return launch(workDir, environment, List.of());
    }

    private static AppProcess launch(Path workDir, Map<String, String> environment, List<String> jvmOptions)
            throws Exception {
        Map<String, String> settings = new HashMap<>(TEST_RATE_LIMITS);
        settings.putAll(environment);
        int port = Integer.parseInt(settings.computeIfAbsent(HTTP_PORT, name -> String.valueOf(freePort())));
        int managementPort = Integer.parseInt(
                settings.computeIfAbsent(MANAGEMENT_PORT, name -> String.valueOf(freePort())));
        // Instances run side by side (and beside other builds): never the fixed SMTP port unless a test asks.
        settings.putIfAbsent("INBOXES_SMTP_PORT", "0");
        Files.createDirectories(workDir);
        Path log = Files.createTempFile(workDir, "app-" + port + "-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command(jvmOptions))
                .directory(workDir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_") || name.startsWith("INBOXES_"));
        builder.environment().putAll(settings);
        return new AppProcess(builder.start(), port, managementPort, log);
    }

    /**
     * How the packaged app is run, as documented: the native executable with {@code -XX:+ExitOnOutOfMemoryError}
     * (and the heap options among {@code jvmOptions}), or {@code java -XX:+UseParallelGC -XX:+ExitOnOutOfMemoryError -jar}
     * with the JVM running the tests.
     */
    private static List<String> command(List<String> jvmOptions) {
        List<String> command = new ArrayList<>();
        if (NATIVE_EXECUTABLE != null) {
            command.add(NATIVE_EXECUTABLE.toAbsolutePath().toString());
            command.add("-XX:+ExitOnOutOfMemoryError");
            jvmOptions.stream().filter(option -> option.startsWith("-Xm")).forEach(command::add);
            return command;
        }
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-XX:+UseParallelGC");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add(QUICK_START);
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toAbsolutePath().toString()));
        return command;
    }

    /** Whether the integration tests run the native executable (a native build was the last Quarkus build). */
    public static boolean isNative() {
        return NATIVE_EXECUTABLE != null;
    }

    /**
     * The executable named by target/quarkus-artifact.properties when the last build was a native one ({@code
     * type=native}); null when it was the jar (or only the native sources), or when nothing was built yet.
     */
    private static Path nativeExecutable() {
        Path artifact = TARGET.resolve("quarkus-artifact.properties");
        if (!Files.exists(artifact)) {
            return null;
        }
        Properties properties = new Properties();
        try (var in = Files.newInputStream(artifact)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!"native".equals(properties.getProperty("type"))) {
            return null;
        }
        Path executable = TARGET.resolve(properties.getProperty("path"));
        if (!Files.isExecutable(executable)) {
            throw new IllegalStateException(artifact + " names a native executable that is not there: " + executable);
        }
        return executable;
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
        return awaitExit(Duration.ofSeconds(40));
    }

    /** SIGTERM without waiting: for tests of what the app does while it shuts down. */
    public void signalStop() {
        process.destroy();
    }

    /** SIGINT, as Ctrl-C in a terminal; returns the exit code. */
    public int interrupt() throws Exception {
        assertThat(new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).start().waitFor()).isZero();
        return awaitExit(Duration.ofSeconds(40));
    }

    /** Waits for the process to end by itself (a start that fails); returns the exit code. */
    public int awaitExit(Duration patience) throws Exception {
        if (!process.waitFor(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the app did not exit within " + patience + ": " + log());
        }
        return process.exitValue();
    }

    public boolean isAlive() {
        return process.isAlive();
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

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
