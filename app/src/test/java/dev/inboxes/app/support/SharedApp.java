package dev.inboxes.app.support;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One packaged app with the default settings, on a PostgreSQL of its own, shared by the integration tests of a JVM
 * that only send it requests (each in an account of its own): it starts with the first of them and stops when the JVM
 * exits. A test that stops, kills or reconfigures the app, or its database, starts its own {@link AppProcess}.
 */
public final class SharedApp {

    private static AppProcess app;

    private SharedApp() {
    }

    public static synchronized AppProcess get() throws Exception {
        if (app == null) {
            Path workDir = Files.createTempDirectory("shared-app");
            ItPostgres database = new ItPostgres(workDir.resolve("pg")).start();
            AppProcess started = AppProcess.start(workDir.resolve("app"), database.appEnvironment());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try (database; started) {
                    // stopped in this order: the app, then its database
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }, "shared-app-stop"));
            app = started;
        }
        return app;
    }
}
