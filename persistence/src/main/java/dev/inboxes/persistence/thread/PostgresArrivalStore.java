package dev.inboxes.persistence.thread;

import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.wait.Arrival;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.wait.Arrivals;
import dev.inboxes.persistence.message.DirectionColumn;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * An inbox's messages in arrival order, for waits: one autocommit statement per read (no transaction around it), on
 * a pooled connection held only for that statement.
 */
@ApplicationScoped
@StoreOperation
public class PostgresArrivalStore implements ArrivalStore {

    private static final String CURRENT = "SELECT activity_seq FROM inboxes WHERE id = ?";
    /** The arrivals and the inbox's latest number in one statement, so in one snapshot. */
    private static final String AFTER = """
            SELECT i.activity_seq, m.inbox_seq, m.id, m.inbox_id, m.from_address, m.to_address, m.subject, m.preview,
                   m.received_at, m.thread_id, m.has_attachments, m.direction, m.sender_verified
            FROM inboxes i
            LEFT JOIN LATERAL (
                SELECT * FROM messages m
                WHERE m.inbox_id = i.id AND m.inbox_seq > ? AND (CAST(? AS timestamptz) IS NULL OR m.received_at > ?)
                ORDER BY m.inbox_seq LIMIT ?) m ON true
            WHERE i.id = ?
            ORDER BY m.inbox_seq""";

    @Inject
    DataSource dataSource;

    @Override
    public OptionalLong current(String inboxId) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(CURRENT)) {
            query.setString(1, inboxId);
            try (ResultSet found = query.executeQuery()) {
                return found.next() ? OptionalLong.of(found.getLong(1)) : OptionalLong.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reading an inbox's arrival number failed", e);
        }
    }

    @Override
    public Optional<Arrivals> after(String inboxId, long afterSeq, Instant receivedAfter, int limit) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(AFTER)) {
            OffsetDateTime after = receivedAfter == null ? null : receivedAfter.atOffset(ZoneOffset.UTC);
            query.setLong(1, afterSeq);
            query.setObject(2, after, Types.TIMESTAMP_WITH_TIMEZONE);
            query.setObject(3, after, Types.TIMESTAMP_WITH_TIMEZONE);
            query.setInt(4, limit);
            query.setString(5, inboxId);
            try (ResultSet found = query.executeQuery()) {
                if (!found.next()) {
                    return Optional.empty();
                }
                long current = found.getLong(1);
                List<Arrival> rows = new ArrayList<>();
                do {
                    if (found.getString(3) != null) {
                        rows.add(new Arrival(found.getLong(2), new Message(found.getString(3), found.getString(4),
                                found.getString(5), found.getString(6), found.getString(7), found.getString(8),
                                found.getObject(9, OffsetDateTime.class).toInstant(), found.getString(10),
                                found.getBoolean(11), DirectionColumn.of(found.getString(12)), found.getBoolean(13))));
                    }
                } while (found.next());
                return Optional.of(new Arrivals(rows, current));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reading an inbox's arrivals failed", e);
        }
    }
}
