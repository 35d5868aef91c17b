package dev.inboxes.app.database;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import org.jboss.logging.Logger;

/**
 * The embedded database's place in the service's life: one line at start-up saying it is in use (and how to
 * use a real server instead), and its stop at shutdown, after Quarkus has drained in-flight requests. A JVM
 * shutdown hook would stop PostgreSQL while those requests still need it. A start that fails never reaches
 * {@link ShutdownEvent}: {@code InboxesMain} stops the database then.
 */
@Singleton
public class EmbeddedDatabaseLifecycle {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabaseLifecycle.class);

    /** Set before Quarkus starts; a plain AutoCloseable, so the native image never reaches the embedded server. */
    private static volatile AutoCloseable database;
    private static volatile Path dataDirectory;

    static void register(AutoCloseable embedded, Path data) {
        database = embedded;
        dataDirectory = data;
    }

    void onStart(@Observes StartupEvent event) {
        if (database != null) {
            LOG.infof("Using the embedded PostgreSQL with data in %s (kept across restarts). To use your own server, "
                    + "set QUARKUS_DATASOURCE_JDBC_URL, QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD.",
                    dataDirectory);
        }
    }

    void onStop(@Observes ShutdownEvent event) throws Exception {
        AutoCloseable running = database;
        if (running != null) {
            database = null;
            running.close();
        }
    }
}
