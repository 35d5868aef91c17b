package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.inbox.CreatedInbox;
import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxMatches;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.hibernate.exception.ConstraintViolationException;

/** Inboxes in PostgreSQL: the Panache repository of {@link InboxEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresInboxStore implements InboxStore, PanacheRepositoryBase<InboxEntity, String> {

    private static final String ADDRESS_CONSTRAINT = "inboxes_address_key";

    @Inject
    KeysetReader keysetReader;

    @Override
    @Transactional
    public CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
        if (idempotencyKey != null && !claim(accountId, idempotencyKey, candidate)) {
            IdempotencyKeyEntity first = getEntityManager().find(IdempotencyKeyEntity.class,
                    new IdempotencyKeyEntity.Key(accountId, idempotencyKey.key()));
            // A key that accepted a message is another request's key, whatever its fingerprint.
            if (first.inboxId == null || !first.requestFingerprint.equals(idempotencyKey.requestFingerprint())) {
                throw new IdempotencyKeyReusedException();
            }
            return new CreatedInbox(first.toInbox(), true);
        }
        if (count("address", candidate.address()) > 0) {
            throw new AddressTakenException(candidate.address());
        }
        try {
            persistAndFlush(InboxEntity.of(accountId, candidate));
        } catch (ConstraintViolationException e) {
            if (ADDRESS_CONSTRAINT.equals(e.getConstraintName())) {
                throw new AddressTakenException(candidate.address()); // lost a race for the same address
            }
            throw e;
        }
        return new CreatedInbox(candidate, false);
    }

    /**
     * Records the key with the result it will produce, or takes over a key older than {@link IdempotencyKey#RETENTION}
     * (an expired key is a new key). Concurrent requests with the same key wait here for the first one's
     * transaction; if it rolls back, the next one claims the key.
     *
     * @return false when the key was already claimed and has not expired
     */
    private boolean claim(String accountId, IdempotencyKey key, Inbox candidate) {
        return getEntityManager().createNativeQuery("""
                        INSERT INTO idempotency_keys (account_id, idempotency_key, request_fingerprint, inbox_id,
                                                      address, display_name, inbox_created_at, created_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
                        ON CONFLICT (account_id, idempotency_key) DO UPDATE
                            SET request_fingerprint = EXCLUDED.request_fingerprint, inbox_id = EXCLUDED.inbox_id,
                                address = EXCLUDED.address, display_name = EXCLUDED.display_name,
                                inbox_created_at = EXCLUDED.inbox_created_at, message_id = NULL,
                                created_at = EXCLUDED.created_at
                            WHERE idempotency_keys.created_at < ?8""")
                .setParameter(1, accountId)
                .setParameter(2, key.key())
                .setParameter(3, key.requestFingerprint())
                .setParameter(4, candidate.id())
                .setParameter(5, candidate.address())
                .setParameter(6, candidate.displayName())
                .setParameter(7, candidate.createdAt())
                .setParameter(8, candidate.createdAt().minus(IdempotencyKey.RETENTION))
                .executeUpdate() == 1;
    }

    @Override
    @Transactional
    public Optional<Inbox> find(String accountId, String inboxId) {
        return find("accountId = ?1 and id = ?2", accountId, inboxId).firstResultOptional().map(InboxEntity::toDomain);
    }

    @Override
    @Transactional
    public boolean delete(String accountId, String inboxId) {
        return delete("accountId = ?1 and id = ?2", accountId, inboxId) > 0;
    }

    /**
     * Counted and fingerprinted in one statement: {@code hashtextextended} is PostgreSQL's stable 64-bit text hash
     * (the one hash partitioning relies on), folded with {@code bit_xor} as {@link InboxMatches} requires.
     */
    @Override
    @Transactional
    public InboxMatches matches(String accountId, InboxFilter filter) {
        Object[] row = (Object[]) query("SELECT count(*), coalesce(bit_xor(hashtextextended(i.id, 0)), 0) "
                + "FROM inboxes i WHERE " + InboxQueries.sqlCondition(filter).apply("i"), accountId, filter)
                .getSingleResult();
        return new InboxMatches(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
    }

    /**
     * One statement, so one snapshot: the matches are counted and fingerprinted, and only if they are the expected
     * ones is the batch (the newest {@code max} of them) deleted; the messages go by the foreign key's cascade and
     * the counters by their triggers. An inbox created meanwhile is not in the snapshot and is never deleted; one
     * deleted meanwhile is skipped, and the next call's check then refuses.
     */
    @Override
    @Transactional
    public Optional<InboxMatches> deleteMatches(String accountId, InboxFilter filter, InboxMatches expected, int max) {
        Object[] row = (Object[]) query("""
                WITH matches AS (SELECT i.id, i.created_at FROM inboxes i WHERE %s),
                     summary AS (SELECT count(*) AS n, coalesce(bit_xor(hashtextextended(id, 0)), 0) AS h FROM matches),
                     batch AS (SELECT m.id FROM matches m, summary s WHERE s.n = :expectedCount AND s.h = :expectedHash
                               ORDER BY m.created_at DESC, m.id DESC LIMIT :max),
                     deleted AS (DELETE FROM inboxes d USING batch b WHERE d.id = b.id
                                 RETURNING hashtextextended(d.id, 0) AS h)
                SELECT (SELECT n FROM summary), (SELECT h FROM summary), count(*), coalesce(bit_xor(h), 0) FROM deleted"""
                .formatted(InboxQueries.sqlCondition(filter).apply("i")), accountId, filter)
                .setParameter("expectedCount", expected.count())
                .setParameter("expectedHash", expected.fingerprint())
                .setParameter("max", max)
                .getSingleResult();
        InboxMatches found = new InboxMatches(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
        if (!found.equals(expected)) {
            return Optional.empty();
        }
        return Optional.of(new InboxMatches(((Number) row[2]).longValue(), ((Number) row[3]).longValue()));
    }

    private Query query(String sql, String accountId, InboxFilter filter) {
        Query query = getEntityManager().createNativeQuery(sql);
        for (Map.Entry<String, Object> parameter : InboxQueries.parameters(accountId, filter).entrySet()) {
            query.setParameter(parameter.getKey(), parameter.getValue());
        }
        return query;
    }

    @Override
    public Slice<Inbox> page(String accountId, InboxFilter filter, Keyset after, int fetchSize, boolean withTotal) {
        return keysetReader.read(InboxQueries.list(accountId, filter), Inbox.class, after, fetchSize, withTotal);
    }
}
