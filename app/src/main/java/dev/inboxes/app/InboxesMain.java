package dev.inboxes.app;

import dev.inboxes.app.database.EmbeddedDatabase;
import dev.inboxes.app.database.EmbeddedDatabaseException;
import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.util.function.BiConsumer;

/**
 * Entry point of {@code java -jar}: with no JDBC URL configured, starts the embedded PostgreSQL first,
 * because the datasource reads its URL while Quarkus starts, and stops it however the service ends.
 */
@QuarkusMain
public class InboxesMain {

    public static void main(String... args) {
        EmbeddedDatabase database;
        try {
            database = EmbeddedDatabase.startUnlessConfigured();
        } catch (RuntimeException | Error e) {
            if (LaunchMode.current() != LaunchMode.NORMAL) {
                throw e; // dev mode shows it and waits for a fix
            }
            // Said here, and the process ends here: thrown on, it would also flush the records held back for
            // Quarkus' logging, debug lines included, onto the console.
            if (e instanceof EmbeddedDatabaseException) {
                System.err.println(e.getMessage());
            } else {
                System.err.println("Inboxes cannot start:");
                e.printStackTrace();
            }
            System.exit(1);
            return;
        }
        try (database) {
            if (LaunchMode.current() == LaunchMode.NORMAL) {
                stopBeforeExit(database);
            }
            Quarkus.run(args);
        }
    }

    /**
     * A start that fails (a port taken, a failing start-up observer) ends in Quarkus' exit handler, which calls
     * {@code System.exit} without returning here and without any {@code ShutdownEvent}: stop the database first. After
     * a graceful shutdown the handler runs once Quarkus has stopped, when the database is already stopped.
     */
    private static void stopBeforeExit(EmbeddedDatabase database) {
        BiConsumer<Integer, Throwable> exit = ApplicationLifecycleManager.getDefaultExitCodeHandler();
        ApplicationLifecycleManager.setDefaultExitCodeHandler((code, cause) -> {
            database.close();
            exit.accept(code, cause);
        });
    }
}
