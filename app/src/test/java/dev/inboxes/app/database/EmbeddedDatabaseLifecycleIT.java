package dev.inboxes.app.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.JvmOnly;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The embedded PostgreSQL stops whenever the service stops, however it stops, and a start says plainly what stands
 * in its way. Every case runs the packaged jar and then looks for any process still using its data directory (the
 * postmaster and its backends, the watchdog).
 *
 * <p>JVM build only: the native executable has no embedded PostgreSQL.
 */
@JvmOnly("the native executable has no embedded PostgreSQL")
class EmbeddedDatabaseLifecycleIT {

    private static final Path PG_DATA = Path.of(".inboxes-data", "postgres");
    private static final Duration GONE_PATIENCE = Duration.ofSeconds(20);

    /** One data directory for the failed starts: each must leave it as the next one can use it. */
    @TempDir
    static Path failedStarts;

    @TempDir
    Path workDir;

    @Test
    void aKilledInstanceLeavesNothingRunningAndASecondOneOnItsDataIsRefused() throws Exception {
        AppProcess first = AppProcess.start(workDir, Map.of());
        assertThat(first.log()).as("the first start says what it does before Quarkus logs anything")
                .containsSubsequence("Starting the embedded PostgreSQL in " + workDir.resolve(PG_DATA)
                                + " (first run: unpacking PostgreSQL and creating the database, about 10 s)",
                        "The embedded PostgreSQL is ready on port", "__  ____  __");
        String apiKey = Client.newAccount(first.baseUrl);
        long postmaster = postmasterPid();

        AppProcess second = AppProcess.launch(workDir, Map.of());
        assertThat(second.awaitExit(Duration.ofSeconds(60))).isEqualTo(1);
        assertThat(second.log()).contains("Another Inboxes is using this data directory: " + workDir.resolve(PG_DATA)
                + " (its PostgreSQL runs as PID " + postmaster + ")").doesNotContain("Exception");
        first.awaitReadiness(200, Duration.ofSeconds(5));

        first.kill();
        assertNothingRunsIn(workDir); // the watchdog stopped PostgreSQL

        // A postmaster.pid whose PID now belongs to another process (PID reuse, in containers especially).
        Files.writeString(workDir.resolve(PG_DATA).resolve("postmaster.pid"), ProcessHandle.current().pid() + "\n"
                + workDir.resolve(PG_DATA) + "\n1\n5432\n", StandardCharsets.US_ASCII);
        AppProcess restarted = AppProcess.start(workDir, Map.of());
        assertThat(restarted.log()).contains("Removed " + workDir.resolve(PG_DATA).resolve("postmaster.pid"));
        assertThat(new Client(apiKey).get(restarted.baseUrl + "/v1/inboxes").path("total").asInt()).isZero();
        restarted.interrupt();
        restarted.close();
        assertNothingRunsIn(workDir);
        first.close();
        second.close();
    }

    @Test
    void aServerLeftRunningByAKilledInstanceIsStoppedByTheNextStart() throws Exception {
        AppProcess first = AppProcess.start(workDir, Map.of());
        long postmaster = postmasterPid();
        // Killed with its watchdog (kill -9 of a whole process group; no watchdog on Windows): PostgreSQL stays.
        ProcessHandle.of(first.pid()).orElseThrow().children().forEach(ProcessHandle::destroyForcibly);
        first.kill();
        assertThat(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive)).contains(true);

        AppProcess next = AppProcess.start(workDir, Map.of());
        assertThat(next.log()).contains("PostgreSQL (PID " + postmaster + ") is still running in "
                + workDir.resolve(PG_DATA) + ": an earlier Inboxes was killed before it could stop it. Stopping it.");
        assertThat(ProcessHandle.of(postmaster).map(ProcessHandle::isAlive)).isNotEqualTo(java.util.Optional.of(true));
        next.stop();
        next.close();
        assertNothingRunsIn(workDir);
        first.close();
    }

    /** What stands in a start's way after the database started, in the order the start meets it. */
    enum Obstacle {
        INVALID_SETTING("inboxes.mcp.token-budget", "lots"),
        SMTP_PORT_TAKEN("Cannot listen for SMTP on 0.0.0.0:%d"),
        MANAGEMENT_PORT_TAKEN("Unable to start the management interface on 0.0.0.0:%d", "Address already in use"),
        HTTP_PORT_TAKEN("Port %d seems to be in use");

        final List<String> messages;

        Obstacle(String... messages) {
            this.messages = List.of(messages);
        }
    }

    @ParameterizedTest
    @EnumSource(Obstacle.class)
    void aStartThatFailsStopsTheDatabase(Obstacle obstacle) throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 0));
            String port = String.valueOf(taken.getLocalPort());
            Map<String, String> environment = switch (obstacle) {
                case INVALID_SETTING -> Map.of("INBOXES_MCP_TOKEN_BUDGET", "lots");
                case SMTP_PORT_TAKEN -> Map.of("INBOXES_SMTP_PORT", port);
                case MANAGEMENT_PORT_TAKEN -> Map.of("QUARKUS_MANAGEMENT_PORT", port);
                case HTTP_PORT_TAKEN -> Map.of("QUARKUS_HTTP_PORT", port);
            };
            AppProcess app = AppProcess.launch(failedStarts, environment);
            assertThat(app.awaitExit(Duration.ofSeconds(120))).isEqualTo(1);
            String log = app.log();
            for (String message : obstacle.messages) {
                assertThat(log).contains(message.formatted(taken.getLocalPort()));
            }
            assertThat(log).contains("The embedded PostgreSQL is ready").contains("Stopped the embedded PostgreSQL");
            app.close();
        }
        assertNothingRunsIn(failedStarts);
    }

    /** Dev mode runs main again on every live reload, in the same JVM: the second run needs a database too. */
    @Test
    void aSecondRunOfMainInTheSameProcessStartsTheDatabaseAgain() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), LiveReloadProbe.class.getName()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_") || name.startsWith("INBOXES_"));
        Process probe = builder.start();
        String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(probe.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(output).endsWith("answers: 1 1");
        assertNothingRunsIn(workDir);
    }

    private long postmasterPid() throws Exception {
        return Long.parseLong(Files.readAllLines(workDir.resolve(PG_DATA).resolve("postmaster.pid")).get(0).trim());
    }

    /** No process (PostgreSQL, its watchdog) names the directory on its command line, within a few seconds. */
    private static void assertNothingRunsIn(Path directory) throws InterruptedException {
        String path = directory.toAbsolutePath().toString();
        long deadline = System.nanoTime() + GONE_PATIENCE.toNanos();
        List<String> running;
        do {
            running = ProcessHandle.allProcesses()
                    .filter(process -> process.info().commandLine().filter(line -> line.contains(path)).isPresent())
                    .map(process -> process.pid() + " " + process.info().commandLine().orElse(""))
                    .toList();
            if (running.isEmpty()) {
                return;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        assertThat(running).as("processes still using " + path + " " + GONE_PATIENCE + " after the app ended")
                .isEmpty();
    }
}
