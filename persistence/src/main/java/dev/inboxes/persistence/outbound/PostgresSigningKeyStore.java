package dev.inboxes.persistence.outbound;

import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.persistence.shared.SqlRows;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.hibernate.Session;

/** The DKIM keys of the mail domains in PostgreSQL ({@code dkim_keys}); a domain's newest key is its current one. */
@ApplicationScoped
@StoreOperation
public class PostgresSigningKeyStore implements SigningKeyStore {

    private static final String CURRENT = """
            SELECT domain, selector, private_key, public_key, created_at FROM dkim_keys WHERE domain = ?
            ORDER BY created_at DESC, selector DESC LIMIT 1""";
    /**
     * Replicas that find no key at once each make one: the first to take the domain's lock adds its key, the others
     * then find it. The lock is the transaction's, keyed by the domain, and held only for the check and the insert.
     */
    private static final String LOCK_DOMAIN = "SELECT pg_advisory_xact_lock(hashtextextended('dkim_keys ' || ?, 0))";
    /** A second key made in the same minute (the same selector) replaces the first, which no DNS record can publish. */
    private static final String ADD = """
            INSERT INTO dkim_keys (domain, selector, private_key, public_key, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (domain, selector) DO UPDATE SET private_key = EXCLUDED.private_key,
                public_key = EXCLUDED.public_key, created_at = EXCLUDED.created_at""";

    @Inject
    Session session;

    @Override
    @Transactional
    public Optional<SigningKey> current(String domain) {
        return session.doReturningWork(connection -> current(connection, domain));
    }

    @Override
    @Transactional
    public SigningKey addIfNone(SigningKey key) {
        return session.doReturningWork(connection -> {
            try (PreparedStatement lock = connection.prepareStatement(LOCK_DOMAIN)) {
                lock.setString(1, key.domain());
                lock.executeQuery().close();
            }
            Optional<SigningKey> existing = current(connection, key.domain());
            if (existing.isPresent()) {
                return existing.get();
            }
            insert(connection, key);
            return key;
        });
    }

    @Override
    @Transactional
    public void add(SigningKey key) {
        session.doWork(connection -> insert(connection, key));
    }

    private static Optional<SigningKey> current(Connection connection, String domain) throws SQLException {
        return SqlRows.first(connection, CURRENT, found -> new SigningKey(found.getString(1), found.getString(2),
                found.getBytes(3), found.getBytes(4), found.getObject(5, OffsetDateTime.class).toInstant()), domain);
    }

    private static void insert(Connection connection, SigningKey key) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(ADD)) {
            insert.setString(1, key.domain());
            insert.setString(2, key.selector());
            insert.setBytes(3, key.privateKeyPkcs8());
            insert.setBytes(4, key.publicKeyX509());
            insert.setObject(5, key.createdAt().atOffset(ZoneOffset.UTC), Types.TIMESTAMP_WITH_TIMEZONE);
            insert.executeUpdate();
        }
    }
}
