package dev.inboxes.app.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.JvmOnly;
import dev.inboxes.app.support.PageWalk;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zero-configuration deployment keeps what it acknowledged: the embedded PostgreSQL runs with a production
 * server's durability settings, and when its processes are killed (SIGKILL, no chance to flush anything) under
 * concurrent creates, then the service is killed and started again on the same data, every inbox that was answered
 * {@code 201} is there, exactly once.
 *
 * <p>JVM build only: the native executable has no embedded PostgreSQL (DatabaseOutageIT covers an external one).
 */
@JvmOnly("the native executable has no embedded PostgreSQL")
class EmbeddedDatabaseCrashIT {

    private static final int WORKERS = 6;
    private static final Path PG_DATA = Path.of(".inboxes-data", "postgres");

    @TempDir
    Path workDir;

    @Test
    void everyAcknowledgedCreateSurvivesAKilledDatabase() throws Exception {
        String apiKey;
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        try (AppProcess app = AppProcess.start(workDir, Map.of())) {
            assertThat(durabilitySettings()).containsOnly(
                    Map.entry("fsync", "on"), Map.entry("synchronous_commit", "on"), Map.entry("full_page_writes", "on"));
            apiKey = Client.newAccount(app.baseUrl);
            Client client = new Client(apiKey);
            AtomicBoolean running = new AtomicBoolean(true);
            List<Thread> workers = new ArrayList<>();
            for (int i = 0; i < WORKERS; i++) {
                Thread worker = new Thread(() -> {
                    while (running.get()) {
                        try {
                            HttpResponse<String> created = client.send("POST", app.baseUrl + "/v1/inboxes", "{}", null);
                            if (created.statusCode() == 201) {
                                acknowledged.add(Client.JSON.readTree(created.body()).path("id").asText());
                            }
                        } catch (Exception refusedOrBroken) {
                            // only acknowledged creates count
                        }
                    }
                }, "crash-load-" + i);
                workers.add(worker);
                worker.start();
            }
            // Kill under load: once enough creates were acknowledged (a loaded machine commits slowly with fsync on).
            long loadDeadline = System.nanoTime() + 60_000_000_000L;
            Thread.sleep(3_000);
            while (acknowledged.size() <= 20 && System.nanoTime() < loadDeadline) {
                Thread.sleep(100);
            }
            int killed = killPostgres();
            Thread.sleep(1_500); // creates in flight at the kill fail; none may be acknowledged falsely
            running.set(false);
            for (Thread worker : workers) {
                worker.join();
            }
            app.kill();
            System.out.printf("Embedded database crash: killed %d PostgreSQL processes with SIGKILL under %d "
                    + "creating clients%n", killed, WORKERS);
        }

        try (AppProcess restarted = AppProcess.start(workDir, Map.of())) {
            Client client = new Client(apiKey);
            Map<String, Integer> stored = new HashMap<>();
            PageWalk walk = client.walk(page -> restarted.baseUrl, "/v1/inboxes?limit=200");
            walk.ids().forEach(id -> stored.merge(id, 1, Integer::sum));
            long[] total = {walk.total()};
            System.out.printf("Embedded database crash: %d creates acknowledged, %d inboxes stored after restart "
                    + "(the rest committed as their answers were cut off)%n", acknowledged.size(), stored.size());

            assertThat(acknowledged).as("creates acknowledged before the kill").hasSizeGreaterThan(20);
            assertThat(stored.keySet()).as("every acknowledged inbox is stored").containsAll(acknowledged);
            assertThat(stored.values()).as("each exactly once").containsOnly(1);
            assertThat(total[0]).as("the first page's total agrees with the rows").isEqualTo(stored.size());
        }
    }

    /** The settings the running embedded server reports, read over JDBC on the port it advertises. */
    private Map<String, String> durabilitySettings() throws Exception {
        Map<String, String> settings = new HashMap<>();
        try (Connection connection = DriverManager.getConnection(
                "jdbc:postgresql://localhost:" + postmasterLine(3) + "/postgres", "postgres", "")) {
            for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
                try (ResultSet value = connection.createStatement().executeQuery("SHOW " + setting)) {
                    value.next();
                    settings.put(setting, value.getString(1));
                }
            }
        }
        return settings;
    }

    /** SIGKILL to the postmaster and every process it started, all at once; returns how many were killed. */
    private int killPostgres() throws Exception {
        ProcessHandle postmaster = ProcessHandle.of(Long.parseLong(postmasterLine(0))).orElseThrow();
        List<ProcessHandle> all = Stream.concat(Stream.of(postmaster), postmaster.descendants()).toList();
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : all) {
            process.onExit().get();
        }
        return all.size();
    }

    /** A line of postmaster.pid: 0 is the process id, 3 the port. */
    private String postmasterLine(int index) throws Exception {
        return Files.readAllLines(workDir.resolve(PG_DATA).resolve("postmaster.pid")).get(index).trim();
    }
}
