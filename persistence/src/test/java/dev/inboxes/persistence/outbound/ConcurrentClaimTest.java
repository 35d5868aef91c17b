package dev.inboxes.persistence.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.outbound.Delivery;
import dev.inboxes.domain.outbound.DeliveryStatus;
import dev.inboxes.domain.outbound.DueDelivery;
import dev.inboxes.domain.outbound.NewDelivery;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.persistence.testing.ClaimRace;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Workers of several replicas claim from one outbox at once: each delivery is claimed by one of them only, and a
 * claim skips the rows another claim holds rather than waiting for them.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class ConcurrentClaimTest {

    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final int DELIVERIES = 120;
    private static final int BATCH = 5;

    @Inject
    AccountStore accounts;

    @Inject
    InboxStore inboxes;

    @Inject
    OutboxStore outbox;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void twoWorkersClaimingAtOnceNeverClaimTheSameDelivery() throws Exception {
        Instant now = Instant.parse("2007-07-07T07:07:07.123456Z");
        Set<String> ours = accept(now, DELIVERIES);

        Set<String> claimed = ClaimRace.twoWorkers(() -> outbox.claimDue(now, LEASE, BATCH), due -> true,
                DueDelivery::id);

        assertThat(claimed).containsAll(ours);
    }

    @Test
    void aClaimSkipsTheDeliveriesAnotherClaimIsTakingInsteadOfWaiting() throws Exception {
        Instant now = Instant.parse("2008-08-08T08:08:08.123456Z");
        Set<String> ours = accept(now, 4);
        List<String> held = ours.stream().sorted().limit(2).toList();
        try (Connection other = dataSource.getConnection()) {
            other.setAutoCommit(false);
            try (PreparedStatement lock = other.prepareStatement(
                    "SELECT id FROM deliveries WHERE id = ANY (?) FOR UPDATE")) {
                lock.setArray(1, other.createArrayOf("text", held.toArray()));
                lock.executeQuery().close();
            }

            long started = System.nanoTime();
            List<String> claimed = outbox.claimDue(now, LEASE, 1_000).stream().map(DueDelivery::id)
                    .filter(ours::contains).toList();

            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
            assertThat(claimed).hasSize(2).doesNotContainAnyElementsOf(held);
            other.rollback();
        }
        assertThat(outbox.claimDue(now, LEASE, 1_000)).extracting(DueDelivery::id).containsAll(held);
    }

    /** One message with {@code count} queued deliveries, due at {@code now}; their ids. */
    private Set<String> accept(Instant now, int count) {
        String account = TestAccounts.insert(accounts, now);
        Inbox inbox = inboxes.create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "claim" + RandomIds.lowercaseAlphanumeric(12) + "@claim.test", null, now), null).inbox();
        String id = RandomIds.newId(Message.ID_PREFIX);
        String messageId = "<" + id + "@claim.test>";
        String raw = "Message-ID: " + messageId + "\r\nSubject: Many\r\n\r\nTo many\r\n";
        MessageContent content = new MessageContent(inbox.address(), null, "many@example.com", null, null, "Many",
                now, messageId, null, List.of(), "To many", null, List.of(), raw.getBytes(StandardCharsets.UTF_8));
        List<NewDelivery> deliveries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String deliveryId = RandomIds.newId(Delivery.ID_PREFIX);
            deliveries.add(new NewDelivery(deliveryId, "r" + i + "@example.com", "bounces+" + deliveryId
                    + "@claim.test", DeliveryStatus.QUEUED, now, null));
        }
        outbox.accept(MessageService.newMessage(id, account, inbox.id(), content, MessageService.dedupeKey(content),
                now).outbound(), deliveries, null);
        return Set.copyOf(deliveries.stream().map(NewDelivery::id).toList());
    }
}
