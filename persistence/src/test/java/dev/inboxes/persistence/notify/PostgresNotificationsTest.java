package dev.inboxes.persistence.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The replica's listening connection, against a real PostgreSQL: delivery on commit, and recovery from a lost connection. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class PostgresNotificationsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @Inject
    PostgresNotifications notifications;

    @Inject
    RecordingChannel channel;

    @Inject
    EntityManager entityManager;

    @Test
    void aNotificationArrivesWhenItsTransactionCommitsAndNeverWhenItRollsBack() {
        awaitListening();
        String rolledBack = "rolled-back-" + UUID.randomUUID();
        String committed = "committed-" + UUID.randomUUID();

        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
            PostgresNotifications.send(entityManager, RecordingChannel.NAME, rolledBack);
            throw new IllegalStateException("roll back");
        })).hasMessageContaining("roll back");
        QuarkusTransaction.requiringNew().run(() -> PostgresNotifications.send(entityManager, RecordingChannel.NAME, committed));

        // Notifications arrive in commit order: with the second here, the first would have been too.
        await(() -> channel.received().contains(committed));
        assertThat(channel.received()).doesNotContain(rolledBack);
    }

    @Test
    void afterLosingItsConnectionTheListenerListensAgainAndReportsWhatItMayHaveMissed() {
        awaitListening();
        long listensBefore = notifications.listens();
        int missedBefore = channel.missed();

        terminateListeningConnection();
        await(() -> notifications.listens() > listensBefore);

        assertThat(channel.missed()).as("told it may have missed notifications").isGreaterThan(missedBefore);
        String after = "after-" + UUID.randomUUID();
        QuarkusTransaction.requiringNew().run(() -> PostgresNotifications.send(entityManager, RecordingChannel.NAME, after));
        await(() -> channel.received().contains(after));
    }

    private void terminateListeningConnection() {
        QuarkusTransaction.requiringNew().run(() -> assertThat(((Number) entityManager.createNativeQuery(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?1")
                .setParameter(1, PostgresNotifications.APPLICATION_NAME).getSingleResult()).intValue()).isEqualTo(1));
    }

    private void awaitListening() {
        await(() -> notifications.listens() > 0);
    }

    private static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("within %s", PATIENCE).isLessThan(deadline);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
