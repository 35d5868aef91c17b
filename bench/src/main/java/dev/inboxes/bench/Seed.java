package dev.inboxes.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;

/**
 * Bulk data: one account with {@code rows} inboxes and a few small accounts, inserted by SQL. Creation times
 * come in bursts, as real sign-ups and scripts produce them: on average four inboxes share each timestamp,
 * and every 1,000th second a script creates a hundred inboxes at the same microsecond. No {@code inbox.created}
 * event is written for them.
 */
final class Seed {

    static final int SMALL_ACCOUNTS = 5;
    static final int SMALL_ACCOUNT_ROWS = 1_000;

    private Seed() {
    }

    /** Fills the account with rows; addresses are unique per account id. */
    static void inboxes(Postgres database, String accountId, int rows) throws Exception {
        try (Connection connection = database.connect(); PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO inboxes (id, account_id, address, display_name, created_at)
                SELECT 'inb_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 20),
                       ?,
                       'b' || n || '-' || lower(?) || '@inboxes.test',
                       CASE WHEN n % 7 = 0 THEN 'Sales desk ' || n
                            WHEN n % 3 = 0 THEN NULL
                            ELSE 'Agent ' || n END,
                       timestamptz '2026-01-01 00:00:00+00'
                           + CASE WHEN (n / 100) % 1000 = 0 THEN (n / 100) * interval '4 seconds'
                                  ELSE (n / 4) * interval '1 second' END
                FROM generate_series(?, ?) AS n""")) {
            // Bulk rows are data to read, not sign-ups: without an inbox.created event and a notification each
            // (the row trigger that writes them was most of the seeding's time). The counters' statement triggers
            // still run.
            try (Statement events = connection.createStatement()) {
                events.execute("ALTER TABLE inboxes DISABLE TRIGGER inboxes_event_on_insert");
            }
            try {
                int batch = 100_000;
                for (int from = 1; from <= rows; from += batch) {
                    insert.setString(1, accountId);
                    insert.setString(2, accountId);
                    insert.setInt(3, from);
                    insert.setInt(4, Math.min(rows, from + batch - 1));
                    insert.executeUpdate();
                }
            } finally {
                try (Statement events = connection.createStatement()) {
                    events.execute("ALTER TABLE inboxes ENABLE TRIGGER inboxes_event_on_insert");
                }
            }
        }
    }

    static void analyze(Postgres database) throws Exception {
        try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
            statement.execute("VACUUM ANALYZE inboxes");
            statement.execute("VACUUM ANALYZE accounts");
        }
    }
}
