package dev.inboxes.persistence.webhook;

import static dev.inboxes.persistence.shared.SqlTimes.instant;
import static dev.inboxes.persistence.shared.SqlTimes.timestamp;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.webhook.DueWebhookDelivery;
import dev.inboxes.domain.webhook.TooManyWebhooksException;
import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.domain.webhook.WebhookAttempt;
import dev.inboxes.domain.webhook.WebhookChanges;
import dev.inboxes.domain.webhook.WebhookReply;
import dev.inboxes.domain.webhook.WebhookSettings;
import dev.inboxes.domain.webhook.WebhookStore;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.SqlRows;
import dev.inboxes.persistence.shared.SqlTexts;
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
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hibernate.Session;

/**
 * Webhook endpoints and the webhook outbox in PostgreSQL, in plain SQL on the transaction's connection (the lists
 * through {@link KeysetReader}). Deliveries are enqueued by migration V14's trigger with their event; workers of every
 * replica claim due ones with {@code FOR UPDATE SKIP LOCKED} under a token and a lease, as the mail outbox does.
 */
@ApplicationScoped
@StoreOperation
public class PostgresWebhookStore implements WebhookStore {

    private static final String COLUMNS = """
            id, url, event_types, inbox_ids, status, failing_since, disabled_reason, created_at""";
    private static final String LOCK_ACCOUNT = "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))";
    private static final String COUNT = "SELECT count(*) FROM webhooks WHERE account_id = ?";
    private static final String INSERT = """
            INSERT INTO webhooks (id, account_id, url, event_types, inbox_ids, status, secret, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String FIND = "SELECT " + COLUMNS + " FROM webhooks WHERE account_id = ? AND id = ?";
    private static final String UPDATE = """
            UPDATE webhooks SET url = coalesce(?, url), event_types = coalesce(?, event_types),
                                inbox_ids = coalesce(?, inbox_ids), status = coalesce(?, status),
                                failing_since = CASE WHEN ? = 'enabled' THEN NULL ELSE failing_since END,
                                disabled_reason = CASE WHEN ? = 'enabled' THEN NULL
                                                       WHEN ? = 'disabled' THEN 'disabled by the account'
                                                       ELSE disabled_reason END
            WHERE account_id = ? AND id = ? RETURNING\s""" + COLUMNS;
    private static final String DELETE = "DELETE FROM webhooks WHERE account_id = ? AND id = ?";
    private static final String ROTATE = """
            UPDATE webhooks SET previous_secret = secret, previous_secret_until = ?, secret = ?
            WHERE account_id = ? AND id = ? RETURNING\s""" + COLUMNS;
    private static final String OWNED_INBOXES = "SELECT id FROM inboxes WHERE account_id = ? AND id = ANY (?)";
    private static final String RETRY = """
            UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, claim = NULL, claimed_until = NULL
            WHERE webhook_id = ? AND id = coalesce(
                (SELECT delivery_id FROM webhook_attempts WHERE id = ? AND webhook_id = ?), ?)""";
    /** A claim is lost in a crash of the database at worst: then it is a claim that expired (see the mail outbox). */
    private static final String CLAIM_WITHOUT_FLUSH = "SET LOCAL synchronous_commit = off";
    /** Rows another worker is claiming right now are skipped, not waited for; a disabled endpoint's wait. */
    private static final String CLAIM_DUE = """
            WITH due AS (
                SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
                WHERE d.due_at <= ? AND w.status = 'enabled'
                ORDER BY d.due_at LIMIT ? FOR UPDATE OF d SKIP LOCKED),
            claimed AS (
                UPDATE webhook_deliveries d SET status = 'sending', claim = ?, claimed_until = ?
                FROM due WHERE d.id = due.id
                RETURNING d.id, d.claim, d.account_id, d.webhook_id, d.event_id, d.attempts)
            SELECT c.id, c.claim, c.account_id, c.webhook_id, c.event_id, c.attempts, w.url, w.secret,
                   CASE WHEN w.previous_secret_until > ? THEN w.previous_secret END,
                   jsonb_build_object('id', e.id, 'type', e.type, 'created_at', inboxes_event_time(e.created_at),
                                      'inbox_id', e.inbox_id, 'data', e.data)::text
            FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN events e ON e.id = c.event_id""";
    /** Only under the claim it was made under: a worker whose claim another took over records nothing. */
    private static final String RECORD = """
            UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, claim = NULL,
                                          claimed_until = NULL
            WHERE id = ? AND claim = ? AND status = 'sending'
            RETURNING attempts""";
    private static final String RECORD_ATTEMPT = """
            INSERT INTO webhook_attempts (id, delivery_id, webhook_id, event_id, attempt, status_code, latency_ms,
                                          error, created_at, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String SUCCEEDED = "UPDATE webhooks SET failing_since = NULL WHERE id = ?";
    /** The endpoint's failure record; disabled at once by a reason, or once it has failed for long enough. */
    private static final String FAILED = """
            UPDATE webhooks SET failing_since = coalesce(failing_since, ?),
                                status = CASE WHEN ?::text IS NOT NULL OR coalesce(failing_since, ?) <= ?
                                              THEN 'disabled' ELSE status END,
                                disabled_reason = CASE WHEN ?::text IS NOT NULL THEN ?
                                                       WHEN coalesce(failing_since, ?) <= ? THEN ?
                                                       ELSE disabled_reason END
            WHERE id = ? AND status = 'enabled'""";
    private static final String PENDING = "SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'sending')";
    private static final String COUNTER = "select count(c) from WebhookEntity c where c.accountId = :accountId";
    private static final String ATTEMPT_ROW = "new " + WebhookAttempt.class.getName()
            + "(e.id, e.deliveryId, e.eventId, e.attempt, e.statusCode, e.latencyMs, e.error, e.createdAt, "
            + "e.nextAttemptAt)";

    @Inject
    Session session;

    @Inject
    KeysetReader keysetReader;

    @Override
    @Transactional
    public void insert(String accountId, Webhook webhook, String secret, int maxPerAccount) {
        session.doWork(connection -> {
            try (PreparedStatement lock = connection.prepareStatement(LOCK_ACCOUNT)) {
                lock.setString(1, "webhooks:" + accountId);
                lock.executeQuery().close();
            }
            try (PreparedStatement count = connection.prepareStatement(COUNT)) {
                count.setString(1, accountId);
                try (ResultSet found = count.executeQuery()) {
                    found.next();
                    if (found.getLong(1) >= maxPerAccount) {
                        throw new TooManyWebhooksException(maxPerAccount);
                    }
                }
            }
            try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                int p = 0;
                insert.setString(++p, webhook.id());
                insert.setString(++p, accountId);
                insert.setString(++p, webhook.url());
                insert.setArray(++p, connection.createArrayOf("text", webhook.eventTypes().toArray()));
                insert.setArray(++p, connection.createArrayOf("text", webhook.inboxIds().toArray()));
                insert.setString(++p, webhook.status());
                insert.setString(++p, secret);
                insert.setObject(++p, timestamp(webhook.createdAt()), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public Optional<Webhook> find(String accountId, String webhookId) {
        return session.doReturningWork(connection -> SqlRows.first(connection, FIND,
                PostgresWebhookStore::webhook, accountId, webhookId));
    }

    @Override
    @Transactional
    public Optional<Webhook> update(String accountId, String webhookId, WebhookChanges changes) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement update = connection.prepareStatement(UPDATE)) {
                int p = 0;
                update.setString(++p, changes.url());
                update.setArray(++p, array(connection, changes.eventTypes()));
                update.setArray(++p, array(connection, changes.inboxIds()));
                update.setString(++p, changes.status());
                update.setString(++p, changes.status());
                update.setString(++p, changes.status());
                update.setString(++p, changes.status());
                update.setString(++p, accountId);
                update.setString(++p, webhookId);
                return SqlRows.first(update, PostgresWebhookStore::webhook);
            }
        });
    }

    @Override
    @Transactional
    public boolean delete(String accountId, String webhookId) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
                delete.setString(1, accountId);
                delete.setString(2, webhookId);
                return delete.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public Optional<Webhook> rotateSecret(String accountId, String webhookId, String secret, Instant previousUntil) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement rotate = connection.prepareStatement(ROTATE)) {
                rotate.setObject(1, timestamp(previousUntil), Types.TIMESTAMP_WITH_TIMEZONE);
                rotate.setString(2, secret);
                rotate.setString(3, accountId);
                rotate.setString(4, webhookId);
                return SqlRows.first(rotate, PostgresWebhookStore::webhook);
            }
        });
    }

    @Override
    @Transactional
    public Set<String> ownedInboxes(String accountId, List<String> inboxIds) {
        return session.doReturningWork(connection -> SqlTexts.among(connection, OWNED_INBOXES, accountId, inboxIds));
    }

    @Override
    public Slice<Webhook> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("webhooks", "WebhookEntity", "e",
                alias -> alias + ".accountId = :accountId", Map.of("accountId", accountId), "createdAt", COUNTER);
        Slice<WebhookEntity> rows = keysetReader.read(query, WebhookEntity.class, after, fetchSize, withTotal);
        // At most twenty rows, detached at once: the entity is only the list's projection.
        rows.rows().forEach(session::detach);
        return new Slice<>(rows.rows().stream().map(WebhookEntity::toDomain).toList(), rows.total(),
                rows.totalExact());
    }

    @Override
    public Slice<WebhookAttempt> attempts(String webhookId, Keyset after, int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("webhook-attempts", "WebhookAttemptEntity", ATTEMPT_ROW,
                alias -> alias + ".webhookId = :webhookId", Map.of("webhookId", webhookId), "createdAt", null);
        return keysetReader.read(query, WebhookAttempt.class, after, fetchSize, withTotal);
    }

    @Override
    @Transactional
    public boolean retry(String webhookId, String deliveryOrAttemptId, Instant now) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement retry = connection.prepareStatement(RETRY)) {
                retry.setObject(1, timestamp(now), Types.TIMESTAMP_WITH_TIMEZONE);
                retry.setString(2, webhookId);
                retry.setString(3, deliveryOrAttemptId);
                retry.setString(4, webhookId);
                retry.setString(5, deliveryOrAttemptId);
                return retry.executeUpdate() == 1;
            }
        });
    }

    @Override
    @Transactional
    public List<DueWebhookDelivery> claimDue(Instant now, Duration lease, int max) {
        String claim = RandomIds.base62(24);
        return session.doReturningWork(connection -> {
            try (Statement asynchronous = connection.createStatement()) {
                asynchronous.execute(CLAIM_WITHOUT_FLUSH);
            }
            List<DueWebhookDelivery> claimed = new ArrayList<>();
            try (PreparedStatement update = connection.prepareStatement(CLAIM_DUE)) {
                update.setObject(1, timestamp(now), Types.TIMESTAMP_WITH_TIMEZONE);
                update.setInt(2, max);
                update.setString(3, claim);
                update.setObject(4, timestamp(now.plus(lease)), Types.TIMESTAMP_WITH_TIMEZONE);
                update.setObject(5, timestamp(now), Types.TIMESTAMP_WITH_TIMEZONE);
                try (ResultSet found = update.executeQuery()) {
                    while (found.next()) {
                        List<String> secrets = found.getString(9) == null ? List.of(found.getString(8))
                                : List.of(found.getString(8), found.getString(9));
                        claimed.add(new DueWebhookDelivery(found.getString(1), found.getString(2), found.getString(3),
                                found.getString(4), found.getString(5), found.getInt(6), found.getString(7), secrets,
                                found.getString(10)));
                    }
                }
            }
            return claimed;
        });
    }

    @Override
    @Transactional
    public boolean record(DueWebhookDelivery claimed, Instant at, WebhookReply reply, long latencyMs,
            Instant nextAttemptAt, String disableReason) {
        String status = reply.isSuccess() ? "delivered" : nextAttemptAt == null ? "failed" : "pending";
        return session.doReturningWork(connection -> {
            int attempt;
            try (PreparedStatement record = connection.prepareStatement(RECORD)) {
                record.setString(1, status);
                record.setObject(2, timestamp(nextAttemptAt), Types.TIMESTAMP_WITH_TIMEZONE);
                record.setString(3, claimed.id());
                record.setString(4, claimed.claim());
                try (ResultSet recorded = record.executeQuery()) {
                    if (!recorded.next()) {
                        return false;
                    }
                    attempt = recorded.getInt(1);
                }
            }
            try (PreparedStatement insert = connection.prepareStatement(RECORD_ATTEMPT)) {
                int p = 0;
                insert.setString(++p, RandomIds.newId(WebhookAttempt.ID_PREFIX));
                insert.setString(++p, claimed.id());
                insert.setString(++p, claimed.webhookId());
                insert.setString(++p, claimed.eventId());
                insert.setInt(++p, attempt);
                insert.setObject(++p, reply.statusCode(), Types.INTEGER);
                insert.setLong(++p, latencyMs);
                insert.setString(++p, reply.describe());
                insert.setObject(++p, timestamp(at), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.setObject(++p, timestamp(nextAttemptAt), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.executeUpdate();
            }
            if (reply.isSuccess()) {
                try (PreparedStatement succeeded = connection.prepareStatement(SUCCEEDED)) {
                    succeeded.setString(1, claimed.webhookId());
                    succeeded.executeUpdate();
                }
            } else {
                endpointFailed(connection, claimed.webhookId(), at, disableReason);
            }
            return true;
        });
    }

    private static void endpointFailed(Connection connection, String webhookId, Instant at, String disableReason)
            throws SQLException {
        OffsetDateTime now = timestamp(at);
        OffsetDateTime failingTooLong = timestamp(at.minus(WebhookSettings.DISABLE_FAILING_AFTER));
        try (PreparedStatement failed = connection.prepareStatement(FAILED)) {
            int p = 0;
            failed.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
            failed.setString(++p, disableReason);
            failed.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
            failed.setObject(++p, failingTooLong, Types.TIMESTAMP_WITH_TIMEZONE);
            failed.setString(++p, disableReason);
            failed.setString(++p, disableReason);
            failed.setObject(++p, now, Types.TIMESTAMP_WITH_TIMEZONE);
            failed.setObject(++p, failingTooLong, Types.TIMESTAMP_WITH_TIMEZONE);
            failed.setString(++p, "every attempt failed for " + WebhookSettings.DISABLE_FAILING_AFTER.toDays()
                    + " days");
            failed.setString(++p, webhookId);
            failed.executeUpdate();
        }
    }

    @Override
    @Transactional
    public long pending() {
        return session.doReturningWork(connection -> {
            try (PreparedStatement query = connection.prepareStatement(PENDING); ResultSet found = query.executeQuery()) {
                found.next();
                return found.getLong(1);
            }
        });
    }

    /** A webhook as {@code FIND}, {@code UPDATE} and {@code ROTATE} return it. */
    private static Webhook webhook(ResultSet found) throws SQLException {
        return new Webhook(found.getString(1), found.getString(2), texts(found, 3), texts(found, 4),
                found.getString(5), instant(found, 6), found.getString(7), instant(found, 8));
    }

    private static List<String> texts(ResultSet result, int column) throws SQLException {
        return List.of((String[]) result.getArray(column).getArray());
    }

    private static java.sql.Array array(Connection connection, List<String> values) throws SQLException {
        return values == null ? null : connection.createArrayOf("text", values.toArray());
    }
}
