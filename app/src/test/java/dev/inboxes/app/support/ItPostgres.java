package dev.inboxes.app.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A PostgreSQL for tests that run the packaged app as processes: a fixed port and data directory, so it can
 * be stopped (an outage) and started again with the same data where the apps expect it.
 */
public final class ItPostgres implements AutoCloseable {

    private static final Logger ZONKY_LOG = Logger.getLogger("io.zonky");

    private final Path dataDirectory;
    private final int port;
    private final Map<String, String> serverConfig = new HashMap<>();
    private EmbeddedPostgres running;

    public ItPostgres(Path dataDirectory) throws IOException {
        this.dataDirectory = dataDirectory;
        this.port = AppProcess.freePort();
        ZONKY_LOG.setLevel(Level.WARNING);
    }

    /**
     * Before {@link #start()}: a commit is answered only once its WAL is written out ({@code synchronous_commit=on};
     * the embedded default is off), so a {@link #kill()} loses nothing that was acknowledged. fsync stays off: a
     * killed process leaves what it wrote in the operating system's cache, only a machine crash would lose it.
     */
    public ItPostgres withCommitsThatSurviveAKill() {
        serverConfig.put("synchronous_commit", "on");
        return this;
    }

    public ItPostgres start() throws IOException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        serverConfig.forEach(builder::setServerConfig);
        running = builder
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setOutputRedirector(ProcessBuilder.Redirect.DISCARD)
                .setErrorRedirector(ProcessBuilder.Redirect.DISCARD)
                .start();
        return this;
    }

    /** Stops the server: every connection breaks and new ones are refused until {@link #start()}. */
    public void stop() throws IOException {
        running.close();
        running = null;
    }

    /**
     * SIGKILL to the postmaster and every process it started, all at once (a crash: nothing is flushed, no client is
     * told); {@link #start()} starts it again on the same data, recovering from its WAL.
     *
     * @return how many processes were killed
     */
    public int kill() throws Exception {
        String pid = Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).trim();
        ProcessHandle postmaster = ProcessHandle.of(Long.parseLong(pid)).orElseThrow();
        List<ProcessHandle> all = Stream.concat(Stream.of(postmaster), postmaster.descendants()).toList();
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : all) {
            process.onExit().get();
        }
        running.close(); // its stop finds no server; this releases the data directory's lock for the next start
        running = null;
        return all.size();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    /** What an app instance needs to use this database, with a fixed cursor secret; callers may add more. */
    public Map<String, String> appEnvironment() {
        Map<String, String> environment = new HashMap<>();
        environment.put("QUARKUS_DATASOURCE_JDBC_URL", jdbcUrl());
        environment.put("QUARKUS_DATASOURCE_USERNAME", "postgres");
        environment.put("INBOXES_CURSOR_SECRET", "cursor-secret-of-the-integration-tests-0123456789");
        return environment;
    }

    @Override
    public void close() throws IOException {
        if (running != null) {
            stop();
        }
    }
}
