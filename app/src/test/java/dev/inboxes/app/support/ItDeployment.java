package dev.inboxes.app.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's own deployment: one {@link ItPostgres} and the app instances the test starts on it, in a working
 * directory of the test's own. Register it as a field ({@code @RegisterExtension}); after each test it stops the
 * instances still running, newest first, then the database, and deletes the directory.
 */
public final class ItDeployment implements BeforeEachCallback, AfterEachCallback {

    private final Deque<AppProcess> apps = new ArrayDeque<>();
    private Path workDir;
    private ItPostgres database;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        workDir = Files.createTempDirectory("it-deployment");
    }

    /** The database, started with the first call; a test may stop and start it (an outage). */
    public ItPostgres database() throws IOException {
        if (database == null) {
            database = new ItPostgres(workDir.resolve("pg")).start();
        }
        return database;
    }

    /**
     * Starts an instance in the folder {@code name} on this database ({@link ItPostgres#appEnvironment()}) with these
     * settings over it, and waits until it is ready; closing it before the test ends is the test's choice.
     */
    public AppProcess startApp(String name, Map<String, String> settings) throws Exception {
        Map<String, String> environment = database().appEnvironment();
        environment.putAll(settings);
        AppProcess app = AppProcess.start(workDir.resolve(name), environment);
        apps.push(app);
        return app;
    }

    /** As {@link #startApp(String, Map)}, in the folder {@code app}. */
    public AppProcess startApp(Map<String, String> settings) throws Exception {
        return startApp("app", settings);
    }

    /** As {@link #startApp(String, Map)}, in the folder {@code app}, with the settings every test runs with. */
    public AppProcess startApp() throws Exception {
        return startApp("app", Map.of());
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        Exception failure = null;
        while (!apps.isEmpty()) {
            failure = close(apps.pop(), failure); // again for one the test closed: it only keeps its log anew
        }
        failure = close(database, failure);
        database = null;
        if (failure != null) {
            throw failure; // the directory stays, for a look at what did not stop
        }
        try (Stream<Path> files = Files.walk(workDir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }

    /** Closes the resource, if any, and returns the first failure so far (later ones suppressed in it). */
    private static Exception close(AutoCloseable resource, Exception failure) {
        if (resource == null) {
            return failure;
        }
        try {
            resource.close();
            return failure;
        } catch (Exception e) {
            if (failure == null) {
                return e;
            }
            failure.addSuppressed(e);
            return failure;
        }
    }
}
