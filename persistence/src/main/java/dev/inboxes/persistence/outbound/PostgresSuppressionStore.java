package dev.inboxes.persistence.outbound;

import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.SqlTexts;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.PreparedStatement;
import java.sql.Types;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.hibernate.Session;

/** Suppressions in PostgreSQL: the list through {@link KeysetReader}, the rest in plain statements. */
@ApplicationScoped
@StoreOperation
public class PostgresSuppressionStore implements SuppressionStore {

    private static final String ROW = "new " + Suppression.class.getName() + "(e.address, e.reason, e.createdAt)";
    /**
     * An exact total, as every unfiltered list has: counted on the account's index. An account suppresses what
     * bounced for it, thousands of addresses rather than millions.
     */
    private static final String COUNTER = "select count(s) from SuppressionEntity s where s.accountId = :accountId";
    /** A suppression that exists keeps its first reason and time. */
    private static final String ADD = """
            INSERT INTO suppressions (account_id, address, reason, created_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_id, address) DO NOTHING""";
    private static final String SUPPRESSED_AMONG = """
            SELECT address FROM suppressions WHERE account_id = ? AND address = ANY (?)""";
    private static final String DELETE = "DELETE FROM suppressions WHERE account_id = ? AND address = ?";

    @Inject
    Session session;

    @Inject
    KeysetReader keysetReader;

    @Override
    @Transactional
    public void add(String accountId, Suppression suppression) {
        session.doWork(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(ADD)) {
                insert.setString(1, accountId);
                insert.setString(2, suppression.address());
                insert.setString(3, suppression.reason());
                insert.setObject(4, suppression.createdAt().atOffset(ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE);
                insert.executeUpdate();
            }
        });
    }

    @Override
    @Transactional
    public Set<String> suppressedAmong(String accountId, Collection<String> addresses) {
        if (addresses.isEmpty()) {
            return Set.of();
        }
        return session.doReturningWork(connection -> SqlTexts.among(connection, SUPPRESSED_AMONG, accountId,
                addresses));
    }

    @Override
    @Transactional
    public Slice<Suppression> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("suppressions", "SuppressionEntity", ROW,
                alias -> alias + ".accountId = :accountId", Map.of("accountId", accountId), "createdAt", COUNTER)
                .tiesBrokenBy("address");
        return keysetReader.read(query, Suppression.class, after, fetchSize, withTotal);
    }

    @Override
    @Transactional
    public boolean delete(String accountId, String address) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement delete = connection.prepareStatement(DELETE)) {
                delete.setString(1, accountId);
                delete.setString(2, address);
                return delete.executeUpdate() == 1;
            }
        });
    }
}
