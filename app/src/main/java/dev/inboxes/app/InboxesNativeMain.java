package dev.inboxes.app;

import dev.inboxes.app.database.ExternalDatabase;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Entry point of the native executable (selected by the {@code native} profile): there is no embedded
 * PostgreSQL in a native image, so a JDBC URL is required, and its absence stops the start with a clear message.
 */
@QuarkusMain(name = "native")
public class InboxesNativeMain {

    public static void main(String... args) {
        ExternalDatabase.missingUrlMessage().ifPresent(message -> {
            System.err.println(message);
            System.exit(1);
        });
        Quarkus.run(args);
    }
}
