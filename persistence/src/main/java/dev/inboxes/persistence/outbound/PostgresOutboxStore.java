package dev.inboxes.persistence.outbound;

import static dev.inboxes.persistence.shared.SqlTimes.instant;
import static dev.inboxes.persistence.shared.SqlTimes.timestamp;

import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.IdempotencyKeyInFlightException;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.outbound.BouncedDelivery;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryAttempt;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.NewDelivery;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.persistence.message.MessageContents;
import dev.inboxes.persistence.shared.SqlRows;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.hibernate.Session;

/**
 * The outbox in PostgreSQL, in plain SQL on the transaction's connection: an outbound message is stored by
 * {@link MessageContents} exactly as received mail is (its thread, arrival number, counters and announcement), with
 * its deliveries and its idempotency key in the same transaction. Workers of every replica claim due deliveries with
 * {@code FOR UPDATE SKIP LOCKED}, so no two claim the same one.
 */
@ApplicationScoped
@StoreOperation
public class PostgresOutboxStore implements OutboxStore {

    /**
     * Held by the transaction handling a key, until it commits or rolls back: a second request with the key meanwhile
     * does not wait for it (a send may take seconds) but is told at once that the first is in flight. Two int4 keys, a
     * key space apart from the one-bigint locks elsewhere.
     */
    private static final String HOLD_KEY = "SELECT pg_try_advisory_xact_lock(hashtext(?), hashtext(?))";
    /**
     * Records the key with the message it will accept, or takes over a key older than {@link IdempotencyKey#RETENTION}.
     * Under {@link #HOLD_KEY} a conflicting row is a committed one: its request is over, and it is replayed.
     */
    private static final String CLAIM_KEY = """
            INSERT INTO idempotency_keys (account_id, idempotency_key, request_fingerprint, message_id, created_at)
            VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (account_id, idempotency_key) DO UPDATE
                SET request_fingerprint = EXCLUDED.request_fingerprint, message_id = EXCLUDED.message_id,
                    inbox_id = NULL, address = NULL, display_name = NULL, inbox_created_at = NULL,
                    created_at = EXCLUDED.created_at
                WHERE idempotency_keys.created_at < ?""";
    private static final String CLAIMED_KEY = """
            SELECT request_fingerprint, message_id FROM idempotency_keys WHERE account_id = ? AND idempotency_key = ?""";
    private static final String INSERT_DELIVERY = """
            INSERT INTO deliveries (id, account_id, inbox_id, message_id, position, recipient, envelope_sender, status,
                                    accepted_at, next_attempt_at, smtp_reply)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String DELIVERY_COLUMNS = """
            d.id, d.message_id, d.recipient, d.status, d.attempts, d.last_attempt_at, d.next_attempt_at, d.smtp_reply""";
    private static final String DELIVERIES_OF = "SELECT " + DELIVERY_COLUMNS
            + " FROM deliveries d WHERE d.account_id = ? AND d.message_id = ANY (?) ORDER BY d.message_id, d.position";
    /**
     * {@code due_at} is when each may be claimed: a queued or deferred one at its next attempt, one being sent when its
     * claim expires. Rows another worker is claiming right now are skipped, not waited for.
     */
    private static final String CLAIM_DUE = """
            UPDATE deliveries d SET status = 'sending', claim = ?, claimed_until = ?
            FROM (SELECT id FROM deliveries WHERE due_at <= ? ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED) due
            WHERE d.id = due.id
            RETURNING d.id, d.claim, d.account_id, d.inbox_id, d.message_id, d.recipient, d.envelope_sender,
                      d.attempts, d.accepted_at, d.claimed_until""";
    /**
     * A claim is committed without waiting for the disk: lost in a crash of the database, it is a claim that expired,
     * and the delivery is claimed again, as after a worker's death. That saves one of the three flushes a send costs
     * (accept, claim, record); the accept and the attempt's record stay synchronous.
     */
    private static final String CLAIM_WITHOUT_FLUSH = "SET LOCAL synchronous_commit = off";
    private static final String SIGNED_MESSAGE = "SELECT raw FROM messages WHERE id = ? AND inbox_id = ?";
    /** Only under the claim it was made under: a worker whose claim another took over records nothing. */
    private static final String RECORD = """
            WITH recorded AS (
                UPDATE deliveries SET status = ?, attempts = attempts + 1, last_attempt_at = ?, next_attempt_at = ?,
                                      smtp_reply = ?, claim = NULL, claimed_until = NULL
                WHERE id = ? AND claim = ? AND status = 'sending'
                RETURNING id)
            INSERT INTO delivery_attempts (delivery_id, at, reply, latency_ms) SELECT id, ?, ?, ? FROM recorded""";
    /** Whatever the delivery's state, but one never sent; a claim held on it ends, so its worker records nothing. */
    private static final String BOUNCE = """
            UPDATE deliveries SET status = 'bounced', smtp_reply = ?, next_attempt_at = NULL, claim = NULL,
                                  claimed_until = NULL
            WHERE id = ? AND status <> 'suppressed'
            RETURNING account_id, recipient""";
    private static final String FORGET_OLD_SENDS = """
            DELETE FROM send_ledger WHERE account_id = ? AND accepted_at < ?""";
    private static final String RECORD_SEND = """
            INSERT INTO send_ledger (account_id, inbox_id, accepted_at, recipients) VALUES (?, ?, ?, ?)""";
    private static final String RECENT_SENDS = """
            SELECT coalesce(sum(recipients), 0), coalesce(sum(recipients) FILTER (WHERE inbox_id = ?), 0),
                   min(accepted_at), min(accepted_at) FILTER (WHERE inbox_id = ?)
            FROM send_ledger WHERE account_id = ? AND accepted_at >= ?""";
    private static final String PENDING_OF = """
            SELECT count(*) FROM deliveries WHERE account_id = ? AND status IN ('queued', 'sending', 'deferred')""";
    private static final String DEPTH = """
            SELECT count(*), min(due_at) FILTER (WHERE due_at <= ?) FROM deliveries
            WHERE status IN ('queued', 'sending', 'deferred')""";

    @Inject
    Session session;

    @Inject
    MessageContents contents;

    @Override
    @Transactional
    public Accepted accept(NewMessage message, List<NewDelivery> deliveries, IdempotencyKey idempotencyKey) {
        return session.doReturningWork(connection -> {
            if (idempotencyKey != null) {
                Optional<String> earlier = claimKey(connection, message, idempotencyKey);
                if (earlier.isPresent()) {
                    return new Accepted(earlier.get(), true);
                }
            }
            contents.insertAll(List.of(message)).get(0).requireStored(message);
            insertDeliveries(connection, message, deliveries);
            if (!deliveries.isEmpty()) {
                recordSend(connection, message, deliveries.size());
            }
            return new Accepted(message.id(), false);
        });
    }

    private static void recordSend(Connection connection, NewMessage message, int recipients) throws SQLException {
        try (PreparedStatement forget = connection.prepareStatement(FORGET_OLD_SENDS)) {
            forget.setString(1, message.accountId());
            forget.setObject(2, timestamp(message.receivedAt().minus(SEND_LEDGER_KEPT)), Types.TIMESTAMP_WITH_TIMEZONE);
            forget.executeUpdate();
        }
        try (PreparedStatement record = connection.prepareStatement(RECORD_SEND)) {
            record.setString(1, message.accountId());
            record.setString(2, message.inboxId());
            record.setObject(3, timestamp(message.receivedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
            record.setInt(4, recipients);
            record.executeUpdate();
        }
    }

    /** Longer than any limit looks back (an hour), so that a clock a little behind never undercounts. */
    private static final java.time.Duration SEND_LEDGER_KEPT = java.time.Duration.ofHours(2);

    @Override
    @Transactional
    public RecentSends recentSends(String accountId, String inboxId, Instant since) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(RECENT_SENDS)) {
                query.setString(1, inboxId);
                query.setString(2, inboxId);
                query.setString(3, accountId);
                query.setObject(4, timestamp(since), Types.TIMESTAMP_WITH_TIMEZONE);
                try (ResultSet found = query.executeQuery()) {
                    found.next();
                    return new RecentSends(found.getLong(1), found.getLong(2), Optional.ofNullable(instant(found, 3)),
                            Optional.ofNullable(instant(found, 4)));
                }
            }
        });
    }

    /** @return the message the key accepted before, or empty once the key is this request's */
    private static Optional<String> claimKey(Connection connection, NewMessage message, IdempotencyKey key)
            throws SQLException {
        try (PreparedStatement hold = connection.prepareStatement(HOLD_KEY)) {
            hold.setString(1, message.accountId());
            hold.setString(2, key.key());
            try (ResultSet held = hold.executeQuery()) {
                held.next();
                if (!held.getBoolean(1)) {
                    throw new IdempotencyKeyInFlightException();
                }
            }
        }
        try (PreparedStatement claim = connection.prepareStatement(CLAIM_KEY)) {
            claim.setString(1, message.accountId());
            claim.setString(2, key.key());
            claim.setString(3, key.requestFingerprint());
            claim.setString(4, message.id());
            claim.setObject(5, timestamp(message.receivedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
            claim.setObject(6, timestamp(message.receivedAt().minus(IdempotencyKey.RETENTION)),
                    Types.TIMESTAMP_WITH_TIMEZONE);
            if (claim.executeUpdate() == 1) {
                return Optional.empty();
            }
        }
        try (PreparedStatement query = connection.prepareStatement(CLAIMED_KEY)) {
            query.setString(1, message.accountId());
            query.setString(2, key.key());
            try (ResultSet found = query.executeQuery()) {
                found.next(); // the claim conflicted with it, and this transaction's snapshot is taken after the wait
                String messageId = found.getString(2);
                // A key that created an inbox is another request's key, whatever its fingerprint.
                if (messageId == null || !found.getString(1).equals(key.requestFingerprint())) {
                    throw new IdempotencyKeyReusedException();
                }
                return Optional.of(messageId);
            }
        }
    }

    private static void insertDeliveries(Connection connection, NewMessage message, List<NewDelivery> deliveries)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(INSERT_DELIVERY)) {
            for (int i = 0; i < deliveries.size(); i++) {
                NewDelivery delivery = deliveries.get(i);
                int p = 0;
                insert.setString(++p, delivery.id());
                insert.setString(++p, message.accountId());
                insert.setString(++p, message.inboxId());
                insert.setString(++p, message.id());
                insert.setInt(++p, i);
                insert.setString(++p, delivery.recipient());
                insert.setString(++p, delivery.envelopeSender());
                insert.setString(++p, delivery.status().wire());
                insert.setObject(++p, timestamp(message.receivedAt()), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.setObject(++p, timestamp(delivery.nextAttemptAt()), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.setString(++p, delivery.smtpReply());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    @Override
    @Transactional
    public Map<String, List<Delivery>> deliveriesOf(String accountId, List<String> messageIds) {
        if (messageIds.isEmpty()) {
            return Map.of();
        }
        return session.doReturningWork(connection -> {
            Map<String, List<Delivery>> byMessage = new LinkedHashMap<>();
            try (PreparedStatement query = connection.prepareStatement(DELIVERIES_OF)) {
                query.setString(1, accountId);
                query.setArray(2, connection.createArrayOf("text", messageIds.toArray()));
                try (ResultSet found = query.executeQuery()) {
                    while (found.next()) {
                        Delivery delivery = new Delivery(found.getString(1), found.getString(2), found.getString(3),
                                status(found.getString(4)), found.getInt(5), instant(found, 6), instant(found, 7),
                                found.getString(8));
                        byMessage.computeIfAbsent(delivery.messageId(), id -> new ArrayList<>()).add(delivery);
                    }
                }
            }
            return byMessage;
        });
    }

    @Override
    @Transactional
    public List<DueDelivery> claimDue(Instant now, Duration lease, int max) {
        String claim = RandomIds.base62(24);
        return session.doReturningWork(connection -> {
            List<DueDelivery> claimed = new ArrayList<>();
            try (Statement asynchronous = connection.createStatement()) {
                asynchronous.execute(CLAIM_WITHOUT_FLUSH);
            }
            try (PreparedStatement update = connection.prepareStatement(CLAIM_DUE)) {
                update.setString(1, claim);
                update.setObject(2, timestamp(now.plus(lease)), Types.TIMESTAMP_WITH_TIMEZONE);
                update.setObject(3, timestamp(now), Types.TIMESTAMP_WITH_TIMEZONE);
                update.setInt(4, max);
                try (ResultSet found = update.executeQuery()) {
                    while (found.next()) {
                        claimed.add(new DueDelivery(found.getString(1), found.getString(2), found.getString(3),
                                found.getString(4), found.getString(5), found.getString(6), found.getString(7),
                                found.getInt(8), instant(found, 9), instant(found, 10)));
                    }
                }
            }
            return claimed;
        });
    }

    @Override
    @Transactional
    public Optional<byte[]> signedMessage(DueDelivery claimed) {
        return session.doReturningWork(connection -> SqlRows.first(connection, SIGNED_MESSAGE,
                found -> found.getBytes(1), claimed.messageId(), claimed.inboxId()));
    }

    @Override
    @Transactional
    public boolean record(DueDelivery claimed, DeliveryAttempt attempt, DeliveryStatus status, Instant nextAttemptAt) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement record = connection.prepareStatement(RECORD)) {
                int p = 0;
                record.setString(++p, status.wire());
                record.setObject(++p, timestamp(attempt.at()), Types.TIMESTAMP_WITH_TIMEZONE);
                record.setObject(++p, timestamp(nextAttemptAt), Types.TIMESTAMP_WITH_TIMEZONE);
                record.setString(++p, attempt.reply());
                record.setString(++p, claimed.id());
                record.setString(++p, claimed.claim());
                record.setObject(++p, timestamp(attempt.at()), Types.TIMESTAMP_WITH_TIMEZONE);
                record.setString(++p, attempt.reply());
                record.setLong(++p, attempt.latency().toMillis());
                return record.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public Optional<BouncedDelivery> bounce(String deliveryId, String reply) {
        return session.doReturningWork(connection -> SqlRows.first(connection, BOUNCE,
                found -> new BouncedDelivery(deliveryId, found.getString(1), found.getString(2)), reply, deliveryId));
    }

    @Override
    @Transactional
    public long pendingOf(String accountId) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(PENDING_OF)) {
                query.setString(1, accountId);
                try (ResultSet found = query.executeQuery()) {
                    found.next();
                    return found.getLong(1);
                }
            }
        });
    }

    @Override
    @Transactional
    public Depth depth(Instant now) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(DEPTH)) {
                query.setObject(1, timestamp(now), Types.TIMESTAMP_WITH_TIMEZONE);
                try (ResultSet found = query.executeQuery()) {
                    found.next();
                    return new Depth(found.getLong(1), Optional.ofNullable(instant(found, 2)));
                }
            }
        });
    }

    private static DeliveryStatus status(String column) {
        return DeliveryStatus.valueOf(column.toUpperCase(Locale.ROOT));
    }
}
