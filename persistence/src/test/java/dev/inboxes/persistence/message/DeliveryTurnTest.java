package dev.inboxes.persistence.message;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A delivery that waits for the inbox behind another one (of large mail, on a slow disk) is stored once its turn
 * comes, even when the wait is longer than the pool's usual statement limit; it is not failed, which would make the
 * sender hear 451 and send it all again.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
@TestProfile(DeliveryTurnTest.ShortStatementLimit.class)
class DeliveryTurnTest {

    private static final Duration STATEMENT_LIMIT = Duration.ofSeconds(1);

    /** The pool's usual statement limit, short, so that a wait of a few seconds crosses it. */
    public static class ShortStatementLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.new-connection-sql",
                    "SET statement_timeout = '" + STATEMENT_LIMIT.toMillis() + "ms'");
        }
    }

    @Inject
    AccountStore accounts;

    @Inject
    InboxStore inboxes;

    @Inject
    MessageStore messages;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void aDeliveryWaitingForTheInboxLongerThanTheStatementLimitIsStoredWhenItsTurnComes() throws Exception {
        Instant now = Instant.now();
        String account = TestAccounts.insert(accounts, now);
        Inbox inbox = inboxes.create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "turn" + RandomIds.lowercaseAlphanumeric(12) + "@turn.test", null, now), null).inbox();
        Duration ahead = STATEMENT_LIMIT.multipliedBy(3);
        CountDownLatch held = new CountDownLatch(1);
        // Another delivery's transaction, holding the inbox's row as a delivery does until it commits.
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> {
            try (Connection connection = dataSource.getConnection()) {
                connection.setAutoCommit(false);
                try (PreparedStatement lock = connection.prepareStatement("SELECT 1 FROM inboxes WHERE id = ? FOR UPDATE")) {
                    lock.setString(1, inbox.id());
                    lock.executeQuery().close();
                }
                held.countDown();
                Thread.sleep(ahead.toMillis());
                connection.commit();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();

        long start = System.nanoTime();
        StoreOutcome outcome = messages.insertAll(List.of(message(account, inbox))).get(0);
        Duration waited = Duration.ofNanos(System.nanoTime() - start);

        other.get(10, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(StoreOutcome.Status.STORED);
        assertThat(waited).as("it waited its turn").isGreaterThan(STATEMENT_LIMIT);
    }

    private static NewMessage message(String account, Inbox inbox) {
        String messageId = "<" + RandomIds.base62(12) + "@turn.test>";
        String raw = "Message-ID: " + messageId + "\r\nSubject: Turn\r\n\r\nAfter you\r\n";
        MessageContent content = new MessageContent("sender@example.com", null, inbox.address(), null, null, "Turn",
                Instant.now(), messageId, null, List.of(), "After you", null, List.of(),
                raw.getBytes(StandardCharsets.UTF_8));
        return MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), account, inbox.id(), content,
                MessageService.dedupeKey(content), Instant.now());
    }
}
