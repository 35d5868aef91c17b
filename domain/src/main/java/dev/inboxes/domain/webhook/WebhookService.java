package dev.inboxes.domain.webhook;

import dev.inboxes.domain.event.EventType;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The account's webhook endpoints: created with a secret shown once, changed, rotated, and their attempts. */
public final class WebhookService {

    private final WebhookStore store;
    private final WebhookSettings settings;
    private final Pager pager;
    private final Clock clock;
    private final Runnable wakeWorkers;

    public WebhookService(WebhookStore store, WebhookSettings settings, CursorCodec cursors, Clock clock,
            Runnable wakeWorkers) {
        this.store = store;
        this.settings = settings;
        this.pager = new Pager(cursors);
        this.clock = clock;
        this.wakeWorkers = wakeWorkers;
    }

    public CreatedWebhook create(String accountId, String url, List<String> eventTypes, List<String> inboxIds) {
        Webhook webhook = new Webhook(RandomIds.newId(Webhook.ID_PREFIX), checkedUrl(url), checkedTypes(eventTypes),
                checkedInboxes(accountId, inboxIds == null ? List.of() : inboxIds), Webhook.ENABLED, null, null,
                Timestamps.nowMicros(clock));
        String secret = WebhookSignature.newSecret();
        store.insert(accountId, webhook, secret, settings.maxPerAccount());
        return new CreatedWebhook(webhook, secret);
    }

    public Webhook get(String accountId, String webhookId) {
        requireShape(webhookId);
        return store.find(accountId, webhookId).orElseThrow(() -> notFound(webhookId));
    }

    public Webhook update(String accountId, String webhookId, WebhookChanges changes) {
        requireShape(webhookId);
        if (changes.status() != null && !changes.status().equals(Webhook.ENABLED)
                && !changes.status().equals(Webhook.DISABLED)) {
            throw new InvalidArgumentException("status", "status must be enabled or disabled (got "
                    + Text.quote(changes.status()) + ").");
        }
        WebhookChanges checked = new WebhookChanges(changes.url() == null ? null : checkedUrl(changes.url()),
                changes.eventTypes() == null ? null : checkedTypes(changes.eventTypes()),
                changes.inboxIds() == null ? null : checkedInboxes(accountId, changes.inboxIds()), changes.status());
        Webhook updated = store.update(accountId, webhookId, checked).orElseThrow(() -> notFound(webhookId));
        if (Webhook.ENABLED.equals(changes.status())) {
            wakeWorkers.run(); // deliveries held while it was disabled are due
        }
        return updated;
    }

    public void delete(String accountId, String webhookId) {
        requireShape(webhookId);
        if (!store.delete(accountId, webhookId)) {
            throw notFound(webhookId);
        }
    }

    public CreatedWebhook rotateSecret(String accountId, String webhookId) {
        requireShape(webhookId);
        String secret = WebhookSignature.newSecret();
        Instant previousUntil = Timestamps.nowMicros(clock).plus(WebhookSettings.PREVIOUS_SECRET_SIGNS_FOR);
        Webhook webhook = store.rotateSecret(accountId, webhookId, secret, previousUntil)
                .orElseThrow(() -> notFound(webhookId));
        return new CreatedWebhook(webhook, secret);
    }

    public Page<Webhook> list(String accountId, PageRequest request) {
        return pager.page(request, new QueryScope("webhooks", accountId, ""),
                (after, fetchSize, withTotal) -> store.page(accountId, after, fetchSize, withTotal));
    }

    public Page<WebhookAttempt> attempts(String accountId, String webhookId, PageRequest request) {
        get(accountId, webhookId);
        return pager.page(request, new QueryScope("webhook-attempts:" + webhookId, accountId, ""),
                (after, fetchSize, withTotal) -> store.attempts(webhookId, after, fetchSize, withTotal));
    }

    /**
     * Sends the delivery's event again now (at once, by a worker of this replica).
     *
     * @throws WebhookDisabledException when the endpoint is disabled
     */
    public void retry(String accountId, String webhookId, String deliveryId) {
        Webhook webhook = get(accountId, webhookId);
        boolean shaped = RandomIds.hasShape(WebhookAttempt.DELIVERY_ID_PREFIX, deliveryId)
                || RandomIds.hasShape(WebhookAttempt.ID_PREFIX, deliveryId);
        if (Webhook.DISABLED.equals(webhook.status())) {
            throw new WebhookDisabledException(webhookId);
        }
        if (!shaped || !store.retry(webhookId, deliveryId, clock.instant())) {
            throw new NotFoundException("delivery", deliveryId, "list the endpoint's deliveries (GET /v1/webhooks/"
                    + webhookId + "/deliveries) to find it");
        }
        wakeWorkers.run();
    }

    private String checkedUrl(String url) {
        return WebhookUrls.check(url, settings.allowHttp(), settings.allowPrivate());
    }

    private static List<String> checkedTypes(List<String> eventTypes) {
        if (eventTypes == null || eventTypes.isEmpty()) {
            throw new InvalidArgumentException("event_types", "event_types must list at least one of "
                    + String.join(", ", EventType.WIRE_NAMES) + ".");
        }
        if (eventTypes.size() > EventType.values().length * 2) {
            throw new InvalidArgumentException("event_types", "event_types lists " + eventTypes.size()
                    + " entries; there are only " + EventType.values().length + " types.");
        }
        Set<String> types = new LinkedHashSet<>();
        for (String type : eventTypes) {
            types.add(EventType.parse("event_types", type).wire());
        }
        return List.copyOf(types);
    }

    private List<String> checkedInboxes(String accountId, List<String> inboxIds) {
        if (inboxIds.size() > WebhookSettings.MAX_INBOX_IDS) {
            throw new InvalidArgumentException("inbox_ids", "inbox_ids may name at most "
                    + WebhookSettings.MAX_INBOX_IDS + " inboxes (got " + inboxIds.size() + "); omit it for every inbox.");
        }
        Set<String> ids = new LinkedHashSet<>();
        for (String id : inboxIds) {
            if (!RandomIds.hasShape(Inbox.ID_PREFIX, id)) {
                throw new InvalidArgumentException("inbox_ids", "inbox_ids must hold inbox ids (got " + Text.quote(id)
                        + "). List inboxes (GET /v1/inboxes) to find them.");
            }
            ids.add(id);
        }
        List<String> unique = new ArrayList<>(ids);
        Set<String> owned = unique.isEmpty() ? Set.of() : store.ownedInboxes(accountId, unique);
        for (String id : unique) {
            if (!owned.contains(id)) {
                throw new InvalidArgumentException("inbox_ids", "inbox_ids names " + id + ", which is no inbox of this "
                        + "account. List inboxes (GET /v1/inboxes) to find them.");
            }
        }
        return unique;
    }

    private static void requireShape(String webhookId) {
        if (!RandomIds.hasShape(Webhook.ID_PREFIX, webhookId)) {
            throw notFound(webhookId);
        }
    }

    private static NotFoundException notFound(String webhookId) {
        return new NotFoundException("webhook", webhookId, "list the account's webhooks (GET /v1/webhooks) to find it");
    }
}
