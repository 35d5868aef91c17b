package dev.inboxes.persistence.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Events past the retention are deleted in batches, in the background; younger ones are kept. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class EventCleanupTest {

    @Inject
    EventCleanup cleanup;

    @Inject
    EventStore events;

    @Inject
    AccountStore accounts;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void eventsOlderThanTheRetentionGoAndYoungerOnesStay() throws Exception {
        Instant now = Instant.now();
        String account = TestAccounts.insert(accounts, now);
        try (Connection connection = dataSource.getConnection()) {
            for (int i = 0; i < 2_500; i++) {
                record(connection, account);
            }
            try (PreparedStatement age = connection.prepareStatement(
                    "UPDATE events SET created_at = now() - interval '31 days' WHERE account_id = ? AND id IN "
                            + "(SELECT id FROM events WHERE account_id = ? LIMIT 2400)")) {
                age.setString(1, account);
                age.setString(2, account);
                age.executeUpdate();
            }
        }

        int deleted = cleanup.deleteExpired(now);

        assertThat(deleted).isGreaterThanOrEqualTo(2_400); // in three batches of at most 1,000
        assertThat(events.page(account, EventFilter.NONE, null, 1_000, false).rows()).hasSize(100);
        assertThat(cleanup.deleteExpired(now.plus(Duration.ofDays(29)))).isZero();
    }

    private static void record(Connection connection, String account) throws Exception {
        try (PreparedStatement record = connection.prepareStatement(
                "SELECT inboxes_record_event(?, 'inbox.created', NULL, '{}'::jsonb)")) {
            record.setString(1, account);
            record.executeQuery().close();
        }
    }
}
