package dev.inboxes.app.support;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.RandomIds;
import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Inboxes written straight into the test database, for what the API cannot arrange: creation times in the past,
 * or thousands of rows at once. The database's triggers keep the counters as for any insert.
 */
public final class SqlSeed {

    private SqlSeed() {
    }

    /** SQL that seeds many rows at once. */
    @FunctionalInterface
    public interface BulkWork {
        void run(java.sql.Statement statement) throws SQLException;
    }

    /**
     * Runs bulk seeding statements in one transaction without the app's statement timeout (a connection's
     * {@code statement_timeout} bounds requests; tens of thousands of indexed rows on a loaded machine can take
     * longer), committed at the end.
     */
    public static void bulk(javax.sql.DataSource database, BulkWork work) throws SQLException {
        try (Connection connection = database.getConnection(); java.sql.Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("SET LOCAL statement_timeout = 0");
            work.run(statement);
            connection.commit();
        }
    }

    /** The account that owns an inbox: how a test learns the id behind an API key. */
    public static String accountOf(AgroalDataSource database, String inboxId) {
        try (Connection connection = database.getConnection();
             PreparedStatement select = connection.prepareStatement("SELECT account_id FROM inboxes WHERE id = ?")) {
            select.setString(1, inboxId);
            var rows = select.executeQuery();
            rows.next();
            return rows.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Inserts {@code count} inboxes, the i-th created at {@code from + i × step micros} with {@code displayName(i)}
     * (null for none), at random addresses.
     *
     * @return their ids, in insertion order
     */
    public static List<String> inboxes(AgroalDataSource database, String accountId, int count, Instant from,
            long stepMicros, IntFunction<String> displayName) {
        return inboxes(database, accountId, count, from, stepMicros,
                i -> "s" + RandomIds.lowercaseAlphanumeric(15), displayName);
    }

    /** As {@link #inboxes(AgroalDataSource, String, int, Instant, long, IntFunction)}, at {@code username(i)}@inboxes.test. */
    public static List<String> inboxes(AgroalDataSource database, String accountId, int count, Instant from,
            long stepMicros, IntFunction<String> username, IntFunction<String> displayName) {
        List<String> ids = new ArrayList<>(count);
        try (Connection connection = database.getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO inboxes "
                     + "(id, account_id, address, display_name, created_at) VALUES (?, ?, ?, ?, ?)")) {
            for (int i = 0; i < count; i++) {
                String id = RandomIds.newId(Inbox.ID_PREFIX);
                insert.setString(1, id);
                insert.setString(2, accountId);
                insert.setString(3, username.apply(i) + "@inboxes.test");
                insert.setString(4, displayName.apply(i));
                insert.setObject(5, OffsetDateTime.ofInstant(from.plusNanos(i * stepMicros * 1_000), ZoneOffset.UTC));
                insert.addBatch();
                ids.add(id);
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }
}
