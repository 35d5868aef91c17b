package dev.inboxes.app.database;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Stops the embedded PostgreSQL when this process dies without stopping it itself (SIGKILL, the OOM killer, a
 * crash of the JVM): PostgreSQL runs detached ({@code pg_ctl} starts it in a session of its own), so nothing else
 * would. A shell, child of this process, waits on a pipe only this process writes; when the pipe closes without the
 * word {@code released}, the process is gone, and the shell sends the postmaster named in {@code postmaster.pid} a
 * fast shutdown (SIGINT), after checking it is a {@code postgres} process. It ignores SIGINT, SIGTERM and SIGHUP, so a
 * Ctrl-C to the terminal's process group leaves the orderly stop to the JVM. Where there is no {@code /bin/sh}
 * (Windows), there is no watchdog, and the next start stops what was left running ({@link DataDirectoryGuard}).
 */
final class PostmasterWatchdog implements AutoCloseable {

    static final Optional<Path> SHELL = Optional.of(Path.of("/bin/sh")).filter(Files::isExecutable);
    private static final String RELEASED = "released";
    private static final String SCRIPT = """
            trap '' INT TERM HUP
            read -r word
            [ "$word" = %s ] && exit 0
            read -r pid < "$1/%s" 2>/dev/null || exit 0
            case "$(ps -o comm= -p "$pid" 2>/dev/null)" in
              *postgres) kill -INT "$pid" ;;
            esac
            """.formatted(RELEASED, DataDirectoryGuard.PID_FILE);

    private final Process shell;

    private PostmasterWatchdog(Process shell) {
        this.shell = shell;
    }

    /** Watches the data directory from now on; empty where there is no shell. */
    static Optional<PostmasterWatchdog> watch(Path pgData) {
        if (SHELL.isEmpty()) {
            return Optional.empty();
        }
        try {
            Process shell = new ProcessBuilder(SHELL.get().toString(), "-c", SCRIPT, "inboxes-postgres-watchdog",
                    pgData.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return Optional.of(new PostmasterWatchdog(shell));
        } catch (IOException e) {
            return Optional.empty(); // the next start still stops a left-over server
        }
    }

    /** The database was stopped by this process: the watchdog ends without doing anything. */
    @Override
    public void close() {
        try (OutputStream pipe = shell.getOutputStream()) {
            pipe.write((RELEASED + "\n").getBytes(StandardCharsets.US_ASCII));
        } catch (IOException alreadyGone) {
            // nothing to release
        }
        try {
            shell.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
