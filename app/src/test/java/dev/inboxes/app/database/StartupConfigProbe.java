package dev.inboxes.app.database;

/** Prints the JDBC URL the start-up decision sees (empty: the embedded database would start), in a JVM of its own. */
public final class StartupConfigProbe {

    private StartupConfigProbe() {
    }

    public static void main(String[] args) {
        System.out.print(StartupConfig.jdbcUrl(StartupConfig.read()).orElse(""));
    }
}
