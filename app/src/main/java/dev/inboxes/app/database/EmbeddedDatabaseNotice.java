package dev.inboxes.app.database;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/** One line at start-up saying the embedded database is in use, and how to use a real server instead. */
@Singleton
public class EmbeddedDatabaseNotice {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabaseNotice.class);

    void onStart(@Observes StartupEvent event) {
        EmbeddedDatabase.runningDataDirectory().ifPresent(data -> LOG.infof("Using the embedded PostgreSQL with data in %s (kept across restarts). To use your own server, "
                    + "set QUARKUS_DATASOURCE_JDBC_URL, QUARKUS_DATASOURCE_USERNAME and QUARKUS_DATASOURCE_PASSWORD.", data));
    }
}
