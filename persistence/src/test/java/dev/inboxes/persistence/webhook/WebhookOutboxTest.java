package dev.inboxes.persistence.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.event.StreamPosition;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.webhook.DueWebhookDelivery;
import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.domain.webhook.WebhookReply;
import dev.inboxes.domain.webhook.WebhookStore;
import dev.inboxes.persistence.testing.ClaimRace;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The webhook outbox and the event stream on PostgreSQL: deliveries enqueued with their event, claimed by one worker
 * of many at a time, taken over when a claim expires; the stream never passes an event still being committed.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class WebhookOutboxTest {

    private static final Duration LEASE = Duration.ofMinutes(5);

    @Inject
    AccountStore accounts;

    @Inject
    InboxStore inboxes;

    @Inject
    WebhookStore webhooks;

    @Inject
    EventStore events;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void twoWorkersClaimingAtOnceNeverClaimTheSameDelivery() throws Exception {
        String account = newAccount();
        subscribe(account);
        for (int i = 0; i < 60; i++) {
            newInbox(account);
        }
        Instant now = Instant.now().plusSeconds(1);

        Set<String> claimed = ClaimRace.twoWorkers(() -> webhooks.claimDue(now, LEASE, 5),
                due -> due.accountId().equals(account), DueWebhookDelivery::id);

        assertThat(claimed).hasSize(60);
    }

    @Test
    void anExpiredClaimIsTakenOverAndItsFirstWorkerRecordsNothing() {
        String account = newAccount();
        subscribe(account);
        newInbox(account);
        Instant now = Instant.now().plusSeconds(1);
        DueWebhookDelivery first = claimOurs(now, Duration.ofSeconds(10), account).get(0);
        assertThat(claimOurs(now.plusSeconds(5), LEASE, account)).isEmpty(); // still held

        DueWebhookDelivery second = claimOurs(now.plusSeconds(11), LEASE, account).get(0);

        assertThat(second.id()).isEqualTo(first.id());
        assertThat(second.eventId()).isEqualTo(first.eventId());
        assertThat(webhooks.record(first, now.plusSeconds(12), WebhookReply.status(200), 5, null, null)).isFalse();
        assertThat(webhooks.record(second, now.plusSeconds(12), WebhookReply.status(200), 5, null, null)).isTrue();
        assertThat(claimOurs(now.plus(LEASE).plusSeconds(60), LEASE, account)).isEmpty(); // delivered: final
    }

    @Test
    void anEndpointFailingForFiveDaysIsDisabled() {
        String account = newAccount();
        Webhook webhook = subscribe(account);
        newInbox(account);
        newInbox(account);
        Instant now = Instant.now().plusSeconds(1);
        List<DueWebhookDelivery> due = claimOurs(now, LEASE, account);
        webhooks.record(due.get(0), now, WebhookReply.status(500), 5, now.plusSeconds(5), null);
        assertThat(webhooks.find(account, webhook.id()).orElseThrow().failingSince()).isNotNull();

        webhooks.record(due.get(1), now.plus(Duration.ofDays(5)), WebhookReply.failed("refused"), 5, null, null);

        Webhook disabled = webhooks.find(account, webhook.id()).orElseThrow();
        assertThat(disabled.status()).isEqualTo(Webhook.DISABLED);
        assertThat(disabled.disabledReason()).contains("5 days");
        assertThat(claimOurs(now.plus(Duration.ofDays(6)), LEASE, account)).isEmpty();
    }

    @Test
    void theStreamWaitsForATransactionStillRunningAndThenReadsItsEventsInOrder() throws Exception {
        String account = newAccount();
        StreamPosition start = events.now();
        String early;
        try (Connection slow = dataSource.getConnection()) {
            slow.setAutoCommit(false);
            early = RandomIds.newId(Inbox.ID_PREFIX);
            try (PreparedStatement insert = slow.prepareStatement("INSERT INTO inboxes (id, account_id, address, "
                    + "created_at) VALUES (?, ?, ?, now())")) {
                insert.setString(1, early);
                insert.setString(2, account);
                insert.setString(3, "slow" + RandomIds.lowercaseAlphanumeric(10) + "@stream.test");
                insert.executeUpdate();
            }
            String later = RandomIds.newId(Inbox.ID_PREFIX); // an event of a transaction that began after, and commits first
            try (Connection quick = dataSource.getConnection();
                 PreparedStatement record = quick.prepareStatement(
                         "SELECT inboxes_record_event(?, 'inbox.created', ?, '{}'::jsonb)")) {
                record.setString(1, account);
                record.setString(2, later);
                record.executeQuery().close();
            }
            EventStore.Batch held = events.after(account, EventFilter.NONE, start, 100);
            assertThat(held.events()).isEmpty();
            assertThat(held.heldBack()).isTrue();
            slow.commit();

            EventStore.Batch batch = events.after(account, EventFilter.NONE, start, 100);

            assertThat(batch.events()).extracting(Event::inboxId).containsExactly(early, later);
            assertThat(batch.heldBack()).isFalse();
            assertThat(events.after(account, EventFilter.NONE, batch.position(), 100).events()).isEmpty();
            StreamPosition afterFirst = events.positionOf(account, batch.events().get(0).id()).orElseThrow();
            assertThat(events.after(account, EventFilter.NONE, afterFirst, 100).events()).extracting(Event::inboxId)
                    .containsExactly(later);
        }
    }

    private List<DueWebhookDelivery> claimOurs(Instant now, Duration lease, String account) {
        List<DueWebhookDelivery> ours = new ArrayList<>();
        List<DueWebhookDelivery> batch;
        do {
            batch = webhooks.claimDue(now, lease, 100);
            batch.stream().filter(due -> due.accountId().equals(account)).forEach(ours::add);
        } while (batch.size() == 100);
        return ours;
    }

    private String newAccount() {
        return TestAccounts.insert(accounts, Instant.now());
    }

    private Webhook subscribe(String account) {
        Webhook webhook = new Webhook(RandomIds.newId(Webhook.ID_PREFIX), "https://example.com/hook",
                List.of("inbox.created"), List.of(), Webhook.ENABLED, null, null, Instant.now());
        webhooks.insert(account, webhook, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", 20);
        return webhook;
    }

    private Inbox newInbox(String account) {
        return inboxes.create(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "hook" + RandomIds.lowercaseAlphanumeric(12) + "@hook.test", null, Instant.now()), null).inbox();
    }
}
