package dev.inboxes.app;

import dev.inboxes.app.database.EmbeddedDatabase;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Entry point of {@code java -jar}: with no JDBC URL configured, starts the embedded PostgreSQL first,
 * because the datasource reads its URL while Quarkus starts.
 */
@QuarkusMain
public class InboxesMain {

    public static void main(String... args) {
        EmbeddedDatabase.startUnlessConfigured();
        Quarkus.run(args);
    }
}
