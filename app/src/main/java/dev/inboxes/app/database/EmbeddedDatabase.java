package dev.inboxes.app.database;

import io.smallrye.config.SmallRyeConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import org.jboss.logging.Logger;

/**
 * The zero-configuration database of the JVM build: a real PostgreSQL from binaries shipped as a Maven
 * artifact, with its data under the data directory so it survives restarts. Used only when no JDBC URL is
 * configured; the native build has no embedded database (see {@code InboxesNativeMain}).
 *
 * <p>It stops whenever the service stops: after requests drain on a graceful shutdown
 * ({@link EmbeddedDatabaseLifecycle}), when the start fails at any step or {@code main} throws ({@code InboxesMain}),
 * and when the process dies without a chance to stop it ({@link PostmasterWatchdog}).
 */
public final class EmbeddedDatabase implements AutoCloseable {

    /** Nothing to start or stop: a JDBC URL is configured. */
    public static final EmbeddedDatabase NONE = new EmbeddedDatabase(null, null, Optional.empty(), Optional.empty());

    private static final java.util.logging.Logger ZONKY_LOG = java.util.logging.Logger.getLogger("io.zonky");
    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    private static final String USERNAME_PROPERTY = "quarkus.datasource.username";
    /** The URL this process set, so that a later run of {@code main} in the same JVM (dev mode) knows it as its own. */
    private static final String OWN_URL_PROPERTY = "dev.inboxes.embedded-database.jdbc-url";
    static final String SERVER_LOG = "postgres.log";
    /** Enough for crash recovery on a loaded machine; a server that cannot start at all says so in its log sooner. */
    private static final Duration STARTUP_PATIENCE = Duration.ofSeconds(30);
    private static final int LOG_LINES_SHOWN = 10;
    /**
     * A production server's durability, which the embedded library turns off for tests ({@code -F} and
     * {@code synchronous_commit=off}): a commit returns once its WAL is flushed to disk, and pages are written whole
     * after each checkpoint, so an acknowledged write survives a crash of PostgreSQL or of the machine. Given with
     * {@code -c}, after the library's {@code -F}, so they win.
     */
    static final Map<String, String> DURABILITY = Map.of(
            "fsync", "on",
            "synchronous_commit", "on",
            "full_page_writes", "on");

    private final Path pgData;
    private EmbeddedPostgres server;
    /** The server this process started, so that stopping never reaches a later one on the same data directory. */
    private final Optional<ProcessHandle> postmaster;
    private final Optional<PostmasterWatchdog> watchdog;

    private EmbeddedDatabase(Path pgData, EmbeddedPostgres server, Optional<ProcessHandle> postmaster,
            Optional<PostmasterWatchdog> watchdog) {
        this.pgData = pgData;
        this.server = server;
        this.postmaster = postmaster;
        this.watchdog = watchdog;
    }

    /**
     * Whether this run only records the classes a start loads, for an AppCDS archive
     * ({@code quarkus.package.jar.appcds.enabled}): the build runs the app once, from its package directory.
     */
    private static boolean generatingStartArchive() {
        return Boolean.getBoolean("quarkus.appcds.generate");
    }

    /** A throwaway data directory for that run, so that no database is left in the package beside the jar. */
    private static String archiveRunDirectory() {
        try {
            return Files.createTempDirectory("inboxes-archive-run").toString();
        } catch (IOException e) {
            throw new EmbeddedDatabaseException("Cannot create a temporary directory for the start archive's run ("
                    + e + ")", e);
        }
    }

    /**
     * Starts the embedded PostgreSQL unless a JDBC URL is configured, and points the datasource at it.
     *
     * @throws EmbeddedDatabaseException saying why it cannot start and what to do
     */
    public static EmbeddedDatabase startUnlessConfigured() {
        forgetAnEarlierRunOfThisProcess();
        SmallRyeConfig config = StartupConfig.read();
        if (StartupConfig.jdbcUrl(config).isPresent()) {
            return NONE;
        }
        Path dataDir = Path.of(config.getOptionalValue("inboxes.data-dir", String.class).orElse(
                generatingStartArchive() ? archiveRunDirectory() : ".inboxes-data")).toAbsolutePath().normalize();
        Path pgData = dataDir.resolve("postgres");
        try {
            Files.createDirectories(pgData);
        } catch (IOException e) {
            throw new EmbeddedDatabaseException("Cannot create the data directory " + pgData + " (" + e + "). Make it "
                    + "writable, set INBOXES_DATA_DIR to another directory, or set QUARKUS_DATASOURCE_JDBC_URL to use a "
                    + "PostgreSQL server instead.", e);
        }
        EarlyLog log = EarlyLog.of(config, EmbeddedDatabase.class);
        DataDirectoryGuard.prepare(pgData, log);
        boolean firstRun = !Files.exists(pgData.resolve("postgresql.conf"));
        log.info("Starting the embedded PostgreSQL in " + pgData + (firstRun
                ? " (first run: unpacking PostgreSQL and creating the database, about 10 s)" : ""));
        long started = System.nanoTime();
        Optional<PostmasterWatchdog> watchdog = PostmasterWatchdog.watch(pgData);
        EmbeddedPostgres server;
        try {
            server = start(dataDir, pgData);
        } catch (RuntimeException | IOException e) {
            // This process still holds the data directory's lock: whatever server runs there is the one it started.
            boolean stopped = DataDirectoryGuard.runningPostmaster(pgData).map(DataDirectoryGuard::stop).orElse(true);
            if (stopped) {
                watchdog.ifPresent(PostmasterWatchdog::close);
            }
            throw failure(dataDir, pgData, e);
        }
        log.info("The embedded PostgreSQL is ready on port " + server.getPort() + " ("
                + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms)");
        String url = server.getJdbcUrl("postgres", "postgres");
        System.setProperty(StartupConfig.JDBC_URL, url);
        System.setProperty(USERNAME_PROPERTY, "postgres");
        System.setProperty(OWN_URL_PROPERTY, url);
        EmbeddedDatabase database = new EmbeddedDatabase(pgData, server, DataDirectoryGuard.runningPostmaster(pgData),
                watchdog);
        EmbeddedDatabaseLifecycle.register(database, pgData);
        return database;
    }

    private static EmbeddedPostgres start(Path dataDir, Path pgData) throws IOException {
        // PostgreSQL's own output goes to a log file beside its data, not into the service's log.
        ZONKY_LOG.setLevel(Level.WARNING);
        ProcessBuilder.Redirect serverLog = ProcessBuilder.Redirect.appendTo(dataDir.resolve(SERVER_LOG).toFile());
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        DURABILITY.forEach(builder::setServerConfig);
        return builder
                .setDataDirectory(pgData)
                .setCleanDataDirectory(false)
                .setOverrideWorkingDirectory(dataDir.resolve("runtime").toFile())
                .setOutputRedirector(serverLog)
                .setErrorRedirector(serverLog)
                .setPGStartupWait(STARTUP_PATIENCE)
                .setRegisterShutdownHook(false) // stopped by close(), after requests drain
                .start();
    }

    private static EmbeddedDatabaseException failure(Path dataDir, Path pgData, Exception cause) {
        if (cause instanceof IllegalStateException && String.valueOf(cause.getMessage()).startsWith("could not lock")) {
            return new EmbeddedDatabaseException(DataDirectoryGuard.anotherInstance(pgData), cause);
        }
        Path log = dataDir.resolve(SERVER_LOG);
        return new EmbeddedDatabaseException("The embedded PostgreSQL did not start in " + pgData + " (" + cause
                + "). The end of its log, " + log + ":\n" + tail(log) + "\nFix what it says, or set "
                + "QUARKUS_DATASOURCE_JDBC_URL to use a PostgreSQL server instead.", cause);
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES_SHOWN), lines.size()));
        } catch (IOException | RuntimeException unreadable) {
            return "(unreadable: " + unreadable + ")";
        }
    }

    /**
     * Dev mode runs {@code main} again on every live reload, in the same JVM: the URL the last run set is not a
     * configured one, and the server it named was stopped with that run.
     */
    private static void forgetAnEarlierRunOfThisProcess() {
        String own = System.getProperty(OWN_URL_PROPERTY);
        if (own != null && own.equals(System.getProperty(StartupConfig.JDBC_URL))) {
            System.clearProperty(StartupConfig.JDBC_URL);
            System.clearProperty(USERNAME_PROPERTY);
        }
        System.clearProperty(OWN_URL_PROPERTY);
    }

    /** Stops the server, once; every later call (and a call on {@link #NONE}) does nothing. */
    @Override
    public synchronized void close() {
        EmbeddedPostgres running = server;
        if (running == null) {
            return;
        }
        server = null;
        if (System.getProperty(OWN_URL_PROPERTY, "").equals(System.getProperty(StartupConfig.JDBC_URL))) {
            forgetAnEarlierRunOfThisProcess(); // what named this server names nothing now
        }
        try {
            running.close();
        } catch (IOException | RuntimeException e) {
            LOG.warnf("Stopping the embedded PostgreSQL failed (%s); stopping it by its PID", e);
        }
        if (postmaster.filter(ProcessHandle::isAlive).map(DataDirectoryGuard::stop).orElse(true)) {
            watchdog.ifPresent(PostmasterWatchdog::close);
            LOG.info("Stopped the embedded PostgreSQL");
        } else {
            LOG.warnf("The embedded PostgreSQL in %s did not stop; it will be stopped when this process exits", pgData);
        }
    }
}
