package dev.inboxes.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.persistence.shared.BatchedDeletion;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** Expired idempotency keys are deleted in batches, in the background, and fresh ones are kept. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class IdempotencyKeyCleanupTest {

    @Inject
    IdempotencyKeyCleanup cleanup;

    @Inject
    Scheduler scheduler;

    @Inject
    AccountStore accounts;

    @Inject
    EntityManager entityManager;

    @Test
    void expiredKeysAreDeletedInBatchesAndFreshOnesKept() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String account = TestAccounts.insert(accounts, now);
        int expired = BatchedDeletion.BATCH * 2 + 500;
        insertKeys(account, "old-", expired, now.minus(IdempotencyKey.RETENTION).minusSeconds(1));
        insertKeys(account, "fresh-", 3, now.minus(IdempotencyKey.RETENTION).plusSeconds(60));

        // Other tests' keys in this database may have expired too: at least these go.
        assertThat(cleanup.deleteExpired(now)).isGreaterThanOrEqualTo(expired);

        assertThat(keysOf(account)).isEqualTo(3);
        assertThat(cleanup.deleteExpired(now)).isZero();
    }

    @Test
    void theCleanupIsScheduled() {
        assertThat(scheduler.getScheduledJob("idempotency-key-cleanup")).isNotNull();
    }

    private void insertKeys(String account, String prefix, int count, Instant claimedAt) {
        QuarkusTransaction.requiringNew().run(() -> entityManager.createNativeQuery("""
                        INSERT INTO idempotency_keys (account_id, idempotency_key, request_fingerprint, inbox_id, address,
                                                      inbox_created_at, created_at)
                        SELECT ?1, ?2 || n, 'fingerprint', 'inb_' || lpad(n::text, 20, '0'), 'a' || n || '@test', ?3, ?3
                        FROM generate_series(1, ?4) n""")
                .setParameter(1, account).setParameter(2, prefix).setParameter(3, claimedAt).setParameter(4, count)
                .executeUpdate());
    }

    private long keysOf(String account) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) entityManager
                .createNativeQuery("SELECT count(*) FROM idempotency_keys WHERE account_id = ?1")
                .setParameter(1, account).getSingleResult()).longValue());
    }
}
