package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.webhook.DueWebhookDelivery;
import dev.inboxes.domain.webhook.TooManyWebhooksException;
import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.domain.webhook.WebhookAttempt;
import dev.inboxes.domain.webhook.WebhookChanges;
import dev.inboxes.domain.webhook.WebhookReply;
import dev.inboxes.domain.webhook.WebhookStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WebhookStore} does, run against the in-memory outbox and the PostgreSQL store alike: endpoints
 * per account, and the outbox an event fills (one delivery per subscribed, enabled endpoint), claimed by one worker
 * at a time, recorded under its claim and due again on its schedule. Claims look at every account's deliveries, so
 * the checks keep to this test's endpoints.
 */
public abstract class WebhookStoreContract extends StoreContract {

    private static final Duration LEASE = Duration.ofMinutes(1);
    private static final int MAX = 1_000;

    private static Webhook webhook(String url, List<String> eventTypes, List<String> inboxIds, Instant createdAt) {
        return new Webhook(RandomIds.newId(Webhook.ID_PREFIX), url, eventTypes, inboxIds, Webhook.ENABLED, null, null,
                createdAt.truncatedTo(ChronoUnit.MICROS));
    }

    private List<DueWebhookDelivery> claimMine(Instant now, Set<String> webhookIds) {
        return webhooks().claimDue(now, LEASE, MAX).stream().filter(d -> webhookIds.contains(d.webhookId())).toList();
    }

    private List<WebhookAttempt> attempts(String webhookId) {
        return webhooks().attempts(webhookId, null, 100, false).rows();
    }

    @Test
    void endpointsBelongToTheirAccountAreChangedRotatedAndDeletedAndCountAgainstTheMost() {
        String account = newAccount();
        String other = newAccount();
        Instant t0 = Instant.now();
        Webhook first = webhook("https://a.example/hook", List.of("inbox.created"), List.of(), t0);
        Webhook second = webhook("https://b.example/hook", List.of("message.received"), List.of(), t0.plusSeconds(1));
        webhooks().insert(account, first, "whsec_first", 2);
        webhooks().insert(account, second, "whsec_second", 2);

        assertThat(webhooks().find(account, first.id())).contains(first);
        assertThat(webhooks().find(other, first.id())).isEmpty();
        assertThatThrownBy(() -> webhooks().insert(account,
                webhook("https://c.example/hook", List.of("inbox.created"), List.of(), t0), "whsec_third", 2))
                .isInstanceOf(TooManyWebhooksException.class);
        assertThat(webhooks().page(account, null, 10, true).rows()).containsExactly(second, first);
        assertThat(webhooks().page(account, second.keyset(), 10, true).rows()).containsExactly(first);
        assertThat(webhooks().page(other, null, 10, true).rows()).isEmpty();

        Webhook disabled = webhooks().update(account, first.id(),
                new WebhookChanges(null, List.of("inbox.deleted"), null, Webhook.DISABLED)).orElseThrow();
        assertThat(disabled.url()).isEqualTo(first.url());
        assertThat(disabled.eventTypes()).containsExactly("inbox.deleted");
        assertThat(disabled.status()).isEqualTo(Webhook.DISABLED);
        assertThat(disabled.disabledReason()).isEqualTo("disabled by the account");
        Webhook enabled = webhooks().update(account, first.id(),
                new WebhookChanges("https://d.example/hook", null, null, Webhook.ENABLED)).orElseThrow();
        assertThat(enabled.url()).isEqualTo("https://d.example/hook");
        assertThat(enabled.status()).isEqualTo(Webhook.ENABLED);
        assertThat(enabled.disabledReason()).isNull();
        assertThat(webhooks().update(other, first.id(), new WebhookChanges(null, null, null, Webhook.DISABLED)))
                .isEmpty();
        assertThat(webhooks().rotateSecret(account, first.id(), "whsec_new", t0.plusSeconds(60))).contains(enabled);
        assertThat(webhooks().rotateSecret(other, first.id(), "whsec_new", t0.plusSeconds(60))).isEmpty();

        String owned = EventStoreContract.createdInbox(this, account).id();
        String notOwned = EventStoreContract.createdInbox(this, other).id();
        assertThat(webhooks().ownedInboxes(account, List.of(owned, notOwned, RandomIds.newId(Inbox.ID_PREFIX))))
                .containsExactly(owned);

        assertThat(webhooks().delete(other, first.id())).isFalse();
        assertThat(webhooks().delete(account, first.id())).isTrue();
        assertThat(webhooks().find(account, first.id())).isEmpty();
        assertThat(webhooks().delete(account, first.id())).isFalse();
    }

    @Test
    void anEventIsDeliveredOncePerSubscribedEnabledEndpointClaimedByOneWorkerAndRetriedOnItsSchedule() {
        String account = newAccount();
        Instant t0 = Instant.now();
        Inbox elsewhere = EventStoreContract.createdInbox(this, account);
        Webhook hook = webhook("https://a.example/hook", List.of("inbox.created"), List.of(), t0);
        Webhook otherType = webhook("https://b.example/hook", List.of("inbox.deleted"), List.of(), t0);
        Webhook otherInbox = webhook("https://c.example/hook", List.of("inbox.created"), List.of(elsewhere.id()), t0);
        Webhook disabled = webhook("https://d.example/hook", List.of("inbox.created"), List.of(), t0);
        for (Webhook w : List.of(hook, otherType, otherInbox, disabled)) {
            webhooks().insert(account, w, "whsec_" + w.id(), 10);
        }
        webhooks().update(account, disabled.id(), new WebhookChanges(null, null, null, Webhook.DISABLED));
        Set<String> mine = Set.of(hook.id(), otherType.id(), otherInbox.id(), disabled.id());

        Inbox inbox = EventStoreContract.createdInbox(this, account);
        Event event = events().page(account, new EventFilter(null, inbox.id()), null, 1, false).rows().get(0);
        Instant now = Instant.now().plusSeconds(1);
        List<DueWebhookDelivery> claimed = claimMine(now, mine);

        assertThat(claimed).as("one delivery, to the one endpoint subscribed").hasSize(1);
        DueWebhookDelivery delivery = claimed.get(0);
        assertThat(delivery.id()).startsWith(WebhookAttempt.DELIVERY_ID_PREFIX);
        assertThat(delivery).extracting(DueWebhookDelivery::accountId, DueWebhookDelivery::webhookId,
                DueWebhookDelivery::eventId, DueWebhookDelivery::attempts, DueWebhookDelivery::url,
                DueWebhookDelivery::secrets)
                .containsExactly(account, hook.id(), event.id(), 0, hook.url(), List.of("whsec_" + hook.id()));
        assertThat(delivery.body()).contains(event.id()).contains("inbox.created").contains(inbox.address());
        assertThat(claimMine(now, mine)).as("claimed: no other worker gets it").isEmpty();

        Instant retryAt = now.plusSeconds(10).truncatedTo(ChronoUnit.MICROS);
        assertThat(webhooks().record(delivery, now, WebhookReply.failed("refused"), 12, retryAt, null)).isTrue();
        assertThat(webhooks().record(delivery, now, WebhookReply.status(200), 12, null, null))
                .as("the claim was used up").isFalse();
        WebhookAttempt failed = attempts(hook.id()).get(0);
        assertThat(failed).extracting(WebhookAttempt::deliveryId, WebhookAttempt::eventId, WebhookAttempt::attempt,
                        WebhookAttempt::statusCode, WebhookAttempt::latencyMs, WebhookAttempt::error,
                        WebhookAttempt::nextAttemptAt)
                .containsExactly(delivery.id(), event.id(), 1, null, 12L, "refused", retryAt);
        assertThat(webhooks().find(account, hook.id()).orElseThrow().failingSince()).isNotNull();
        assertThat(claimMine(retryAt.minusSeconds(5), mine)).as("not due before its next attempt").isEmpty();

        DueWebhookDelivery again = claimMine(retryAt, mine).get(0);
        assertThat(again.id()).isEqualTo(delivery.id());
        assertThat(again.attempts()).isEqualTo(1);
        DueWebhookDelivery expired = claimMine(retryAt.plus(LEASE).plusSeconds(1), mine).get(0);
        assertThat(expired.id()).as("an expired claim is claimed again").isEqualTo(delivery.id());
        assertThat(webhooks().record(again, retryAt, WebhookReply.status(200), 5, null, null))
                .as("the first claim expired").isFalse();
        assertThat(webhooks().record(expired, retryAt, WebhookReply.status(200), 5, null, null)).isTrue();
        assertThat(attempts(hook.id())).extracting(WebhookAttempt::attempt, WebhookAttempt::statusCode)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2, 200), org.assertj.core.groups.Tuple.tuple(1, null));
        assertThat(webhooks().find(account, hook.id()).orElseThrow().failingSince()).isNull();
        assertThat(claimMine(now.plus(Duration.ofHours(1)), mine)).as("delivered: final").isEmpty();

        long pending = webhooks().pending();
        webhooks().rotateSecret(account, hook.id(), "whsec_rotated", now.plus(Duration.ofDays(2)));
        Instant later = now.plus(Duration.ofHours(2));
        assertThat(webhooks().retry(hook.id(), failed.id(), later)).as("named by an attempt's id").isTrue();
        assertThat(webhooks().pending()).isEqualTo(pending + 1);
        DueWebhookDelivery retried = claimMine(later, mine).get(0);
        assertThat(retried.id()).isEqualTo(delivery.id());
        assertThat(retried.secrets()).containsExactly("whsec_rotated", "whsec_" + hook.id());
        assertThat(webhooks().retry(hook.id(), RandomIds.newId(WebhookAttempt.DELIVERY_ID_PREFIX), later)).isFalse();
        assertThat(webhooks().retry(otherType.id(), delivery.id(), later)).as("another endpoint's").isFalse();
    }
}
