package dev.inboxes.persistence.event;

import static dev.inboxes.persistence.shared.SqlTimes.instant;
import static dev.inboxes.persistence.shared.SqlTimes.timestamp;

import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.event.StreamPosition;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.SqlRows;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/**
 * The event log in PostgreSQL. Events are written by triggers with their change (migration V14); this store reads
 * them. The stream reads in (transaction id, id) order, and only events of transactions below the snapshot's
 * {@code xmin}, all of which have ended: an event whose transaction is still running when a later one is read can
 * therefore never be skipped, which reading by time could not promise (a transaction that started earlier may commit
 * later).
 */
@ApplicationScoped
@StoreOperation
public class PostgresEventStore implements EventStore {

    private static final String ROW = "new " + Event.class.getName()
            + "(e.id, e.type, e.createdAt, e.inboxId, e.data)";
    /** Sorts after every id (ids are base62 after a prefix with an underscore): a position past a whole transaction. */
    private static final String AFTER_EVERY_ID = "~";
    private static final String HORIZON = "pg_snapshot_xmin(pg_current_snapshot())::text::bigint";
    private static final String AFTER = """
            SELECT id, type, created_at, inbox_id, data::text, txid, %s FROM events
            WHERE account_id = ? AND (txid, id) > (?, ?) AND txid < %s %s
            ORDER BY txid, id LIMIT ?""";
    private static final String HELD_BACK = """
            SELECT EXISTS (SELECT 1 FROM events WHERE account_id = ? AND (txid, id) > (?, ?) AND txid >= ? %s)""";
    private static final String POSITION_OF = "SELECT txid, id FROM events WHERE account_id = ? AND id = ?";
    private static final String DELETE_BEFORE = """
            DELETE FROM events WHERE id IN (
                SELECT id FROM events WHERE created_at < ? ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)""";

    @Inject
    Session session;

    @Inject
    KeysetReader keysetReader;

    @Override
    public Slice<Event> page(String accountId, EventFilter filter, Keyset after, int fetchSize, boolean withTotal) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("accountId", accountId);
        StringBuilder condition = new StringBuilder(".accountId = :accountId");
        if (filter.type() != null) {
            parameters.put("type", filter.type().wire());
        }
        if (filter.inboxId() != null) {
            parameters.put("inboxId", filter.inboxId());
        }
        KeysetQuery query = new KeysetQuery("events", "EventEntity", ROW, alias -> alias + condition
                + (filter.type() != null ? " and " + alias + ".type = :type" : "")
                + (filter.inboxId() != null ? " and " + alias + ".inboxId = :inboxId" : ""),
                parameters, "createdAt", null);
        return keysetReader.read(query, Event.class, after, fetchSize, withTotal);
    }

    @Override
    @Transactional
    public Batch after(String accountId, EventFilter filter, StreamPosition position, int max) {
        String filters = (filter.type() != null ? " AND type = ?" : "") + (filter.inboxId() != null ? " AND inbox_id = ?" : "");
        return session.doReturningWork(connection -> {
            List<Event> events = new ArrayList<>();
            StreamPosition last = position;
            long horizon;
            try (PreparedStatement query = connection.prepareStatement(AFTER.formatted(HORIZON, HORIZON, filters))) {
                int p = 0;
                query.setString(++p, accountId);
                query.setLong(++p, position.txid());
                query.setString(++p, position.id());
                p = setFilters(query, p, filter);
                query.setInt(++p, max);
                horizon = -1;
                try (ResultSet found = query.executeQuery()) {
                    while (found.next()) {
                        events.add(new Event(found.getString(1), found.getString(2), instant(found, 3),
                                found.getString(4), found.getString(5)));
                        last = new StreamPosition(found.getLong(6), found.getString(1));
                        horizon = found.getLong(7);
                    }
                }
            }
            if (events.size() == max) {
                return new Batch(events, last, true);
            }
            if (horizon < 0) {
                horizon = now(connection).txid();
            }
            try (PreparedStatement query = connection.prepareStatement(HELD_BACK.formatted(filters))) {
                int p = 0;
                query.setString(++p, accountId);
                query.setLong(++p, last.txid());
                query.setString(++p, last.id());
                query.setLong(++p, horizon);
                setFilters(query, p, filter);
                try (ResultSet found = query.executeQuery()) {
                    found.next();
                    return new Batch(events, last, found.getBoolean(1));
                }
            }
        });
    }

    private static int setFilters(PreparedStatement query, int p, EventFilter filter) throws SQLException {
        if (filter.type() != null) {
            query.setString(++p, filter.type().wire());
        }
        if (filter.inboxId() != null) {
            query.setString(++p, filter.inboxId());
        }
        return p;
    }

    @Override
    @Transactional
    public Optional<StreamPosition> positionOf(String accountId, String eventId) {
        return session.doReturningWork(connection -> SqlRows.first(connection, POSITION_OF,
                found -> new StreamPosition(found.getLong(1), found.getString(2)), accountId, eventId));
    }

    @Override
    @Transactional
    public StreamPosition now() {
        return session.doReturningWork(PostgresEventStore::now);
    }

    /** Before every event of the transactions not yet ended: those are all at or above the snapshot's xmin. */
    private static StreamPosition now(java.sql.Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT " + HORIZON);
             ResultSet found = query.executeQuery()) {
            found.next();
            return new StreamPosition(found.getLong(1) - 1, AFTER_EVERY_ID);
        }
    }

    @Override
    @Transactional
    public int deleteBefore(Instant before, int max) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement delete = connection.prepareStatement(DELETE_BEFORE)) {
                delete.setObject(1, timestamp(before), java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
                delete.setInt(2, max);
                return delete.executeUpdate();
            }
        });
    }
}
