package dev.inboxes.app.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;

/**
 * Runs the embedded database's part of {@code main} twice in one JVM, as dev mode does on a live reload (the first
 * run's database stopped by the restart in between), and prints each run's answer to a query on the URL the
 * datasource would get, on its last line: "answers: 1 1" when both work.
 */
public final class LiveReloadProbe {

    private LiveReloadProbe() {
    }

    public static void main(String[] args) throws Exception {
        StringBuilder answers = new StringBuilder();
        for (int run = 0; run < 2; run++) {
            try (EmbeddedDatabase database = EmbeddedDatabase.startUnlessConfigured()) {
                String url = System.getProperty(StartupConfig.JDBC_URL);
                try (Connection connection = DriverManager.getConnection(url);
                     ResultSet one = connection.createStatement().executeQuery("SELECT 1")) {
                    one.next();
                    answers.append(answers.isEmpty() ? "" : " ").append(one.getInt(1));
                }
            }
        }
        System.out.print("\nanswers: " + answers);
    }
}
