package dev.inboxes.domain.testing;

import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.event.StreamPosition;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.webhook.DueWebhookDelivery;
import dev.inboxes.domain.webhook.TooManyWebhooksException;
import dev.inboxes.domain.webhook.Webhook;
import dev.inboxes.domain.webhook.WebhookAttempt;
import dev.inboxes.domain.webhook.WebhookChanges;
import dev.inboxes.domain.webhook.WebhookReply;
import dev.inboxes.domain.webhook.WebhookSettings;
import dev.inboxes.domain.webhook.WebhookStore;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The in-memory event log and webhook outbox: what migration V14's triggers and the PostgreSQL stores do, for domain
 * tests. {@link #record} is the trigger: it appends the event and enqueues one delivery per subscribed enabled
 * endpoint; every change is its own transaction, so nothing is ever held back. {@link EventStoreContract} and
 * {@link WebhookStoreContract} hold both implementations to the same behaviour.
 */
public class InMemoryEventLog implements EventStore, WebhookStore {

    private record Stored(String accountId, Event event, long txid) {

        StreamPosition position() {
            return new StreamPosition(txid, event.id());
        }
    }

    private static final class Endpoint {
        final String accountId;
        Webhook webhook;
        String secret;
        String previousSecret;
        Instant previousUntil;

        Endpoint(String accountId, Webhook webhook, String secret) {
            this.accountId = accountId;
            this.webhook = webhook;
            this.secret = secret;
        }
    }

    private static final class Delivery {
        final String id = RandomIds.newId(WebhookAttempt.DELIVERY_ID_PREFIX);
        final String accountId;
        final String webhookId;
        final Event event;
        String status = "pending";
        int attempts;
        Instant nextAttemptAt;
        String claim;
        Instant claimedUntil;

        Delivery(String accountId, String webhookId, Event event) {
            this.accountId = accountId;
            this.webhookId = webhookId;
            this.event = event;
            this.nextAttemptAt = event.createdAt();
        }

        Instant dueAt() {
            return switch (status) {
                case "pending" -> nextAttemptAt;
                case "sending" -> claimedUntil;
                default -> null;
            };
        }
    }

    private final InboxStore inboxes;
    private final List<Stored> events = new ArrayList<>();
    private final Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    private final List<Delivery> deliveries = new ArrayList<>();
    private final List<Attempted> attempts = new ArrayList<>();
    private long lastTxid;
    private Instant lastAt = Instant.EPOCH;

    private record Attempted(String webhookId, WebhookAttempt attempt) {
    }

    /** @param inboxes whose inboxes {@link #ownedInboxes} asks about */
    public InMemoryEventLog(InboxStore inboxes) {
        this.inboxes = inboxes;
    }

    /** The trigger: the event, in a transaction of its own, and its deliveries. */
    public synchronized Event record(String accountId, String type, String inboxId, String data) {
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        lastAt = at.isAfter(lastAt) ? at : lastAt.plus(1, ChronoUnit.MICROS); // clock_timestamp() moves on
        Event event = new Event(RandomIds.newId(Event.ID_PREFIX), type, lastAt, inboxId, data);
        events.add(new Stored(accountId, event, ++lastTxid));
        endpoints.values().stream()
                .filter(e -> e.accountId.equals(accountId) && e.webhook.status().equals(Webhook.ENABLED)
                        && e.webhook.eventTypes().contains(type)
                        && (e.webhook.inboxIds().isEmpty() || e.webhook.inboxIds().contains(inboxId)))
                .forEach(e -> deliveries.add(new Delivery(accountId, e.webhook.id(), event)));
        return event;
    }

    // The event log.

    @Override
    public synchronized Slice<Event> page(String accountId, EventFilter filter, Keyset after, int fetchSize,
            boolean withTotal) {
        return new ListKeysetSource<>(ofAccount(accountId).filter(filter::matches).toList())
                .fetch(after, fetchSize, withTotal);
    }

    @Override
    public synchronized Batch after(String accountId, EventFilter filter, StreamPosition position, int max) {
        List<Stored> later = events.stream()
                .filter(s -> s.accountId.equals(accountId) && filter.matches(s.event) && isAfter(s, position))
                .sorted(Comparator.comparingLong(Stored::txid).thenComparing(s -> s.event.id()))
                .toList();
        List<Stored> batch = later.subList(0, Math.min(max, later.size()));
        StreamPosition last = batch.isEmpty() ? position : batch.get(batch.size() - 1).position();
        return new Batch(batch.stream().map(Stored::event).toList(), last, later.size() > max);
    }

    private static boolean isAfter(Stored stored, StreamPosition position) {
        return stored.txid != position.txid() ? stored.txid > position.txid()
                : stored.event.id().compareTo(position.id()) > 0;
    }

    @Override
    public synchronized Optional<StreamPosition> positionOf(String accountId, String eventId) {
        return events.stream().filter(s -> s.accountId.equals(accountId) && s.event.id().equals(eventId))
                .map(Stored::position).findFirst();
    }

    @Override
    public synchronized StreamPosition now() {
        return new StreamPosition(lastTxid, "~");
    }

    @Override
    public synchronized int deleteBefore(Instant before, int max) {
        List<Stored> old = events.stream().filter(s -> s.event.createdAt().isBefore(before))
                .sorted(Comparator.comparing(s -> s.event.createdAt())).limit(max).toList();
        Set<String> ids = old.stream().map(s -> s.event.id()).collect(Collectors.toSet());
        events.removeAll(old);
        deliveries.removeIf(d -> ids.contains(d.event.id()));
        attempts.removeIf(a -> ids.contains(a.attempt.eventId()));
        return old.size();
    }

    private Stream<Event> ofAccount(String accountId) {
        return events.stream().filter(s -> s.accountId.equals(accountId)).map(Stored::event);
    }

    // The endpoints.

    @Override
    public synchronized void insert(String accountId, Webhook webhook, String secret, int maxPerAccount) {
        if (endpoints.values().stream().filter(e -> e.accountId.equals(accountId)).count() >= maxPerAccount) {
            throw new TooManyWebhooksException(maxPerAccount);
        }
        endpoints.put(webhook.id(), new Endpoint(accountId, micros(webhook), secret));
    }

    @Override
    public synchronized Optional<Webhook> find(String accountId, String webhookId) {
        return endpoint(accountId, webhookId).map(e -> e.webhook);
    }

    @Override
    public synchronized Optional<Webhook> update(String accountId, String webhookId, WebhookChanges changes) {
        return endpoint(accountId, webhookId).map(e -> {
            Webhook w = e.webhook;
            boolean enabling = Webhook.ENABLED.equals(changes.status());
            boolean disabling = Webhook.DISABLED.equals(changes.status());
            e.webhook = new Webhook(w.id(), or(changes.url(), w.url()), or(changes.eventTypes(), w.eventTypes()),
                    or(changes.inboxIds(), w.inboxIds()), or(changes.status(), w.status()),
                    enabling ? null : w.failingSince(),
                    enabling ? null : disabling ? "disabled by the account" : w.disabledReason(), w.createdAt());
            return e.webhook;
        });
    }

    @Override
    public synchronized boolean delete(String accountId, String webhookId) {
        if (endpoint(accountId, webhookId).isEmpty()) {
            return false;
        }
        endpoints.remove(webhookId);
        deliveries.removeIf(d -> d.webhookId.equals(webhookId));
        attempts.removeIf(a -> a.webhookId.equals(webhookId));
        return true;
    }

    @Override
    public synchronized Optional<Webhook> rotateSecret(String accountId, String webhookId, String secret,
            Instant previousUntil) {
        return endpoint(accountId, webhookId).map(e -> {
            e.previousSecret = e.secret;
            e.previousUntil = previousUntil;
            e.secret = secret;
            return e.webhook;
        });
    }

    @Override
    public synchronized Set<String> ownedInboxes(String accountId, List<String> inboxIds) {
        return inboxIds.stream().filter(id -> inboxes.find(accountId, id).isPresent()).collect(Collectors.toSet());
    }

    @Override
    public synchronized Slice<Webhook> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        return new ListKeysetSource<>(endpoints.values().stream().filter(e -> e.accountId.equals(accountId))
                .map(e -> e.webhook).toList()).fetch(after, fetchSize, withTotal);
    }

    @Override
    public synchronized Slice<WebhookAttempt> attempts(String webhookId, Keyset after, int fetchSize,
            boolean withTotal) {
        return new ListKeysetSource<>(attempts.stream().filter(a -> a.webhookId.equals(webhookId))
                .map(Attempted::attempt).toList()).fetch(after, fetchSize, withTotal);
    }

    // The outbox.

    @Override
    public synchronized boolean retry(String webhookId, String deliveryOrAttemptId, Instant now) {
        String deliveryId = attempts.stream().filter(a -> a.webhookId.equals(webhookId)
                        && a.attempt.id().equals(deliveryOrAttemptId)).map(a -> a.attempt.deliveryId())
                .findFirst().orElse(deliveryOrAttemptId);
        Optional<Delivery> found = deliveries.stream()
                .filter(d -> d.webhookId.equals(webhookId) && d.id.equals(deliveryId)).findFirst();
        found.ifPresent(d -> {
            d.status = "pending";
            d.nextAttemptAt = now;
            d.claim = null;
            d.claimedUntil = null;
        });
        return found.isPresent();
    }

    @Override
    public synchronized List<DueWebhookDelivery> claimDue(Instant now, Duration lease, int max) {
        List<DueWebhookDelivery> claimed = new ArrayList<>();
        deliveries.stream()
                .filter(d -> d.dueAt() != null && !d.dueAt().isAfter(now)
                        && endpoints.get(d.webhookId).webhook.status().equals(Webhook.ENABLED))
                .sorted(Comparator.comparing(Delivery::dueAt)).limit(max)
                .forEach(d -> {
                    d.status = "sending";
                    d.claim = RandomIds.base62(20);
                    d.claimedUntil = now.plus(lease);
                    Endpoint e = endpoints.get(d.webhookId);
                    List<String> secrets = e.previousUntil != null && e.previousUntil.isAfter(now)
                            ? List.of(e.secret, e.previousSecret) : List.of(e.secret);
                    claimed.add(new DueWebhookDelivery(d.id, d.claim, d.accountId, d.webhookId, d.event.id(),
                            d.attempts, e.webhook.url(), secrets, body(d.event)));
                });
        return claimed;
    }

    @Override
    public synchronized boolean record(DueWebhookDelivery claimed, Instant at, WebhookReply reply, long latencyMs,
            Instant nextAttemptAt, String disableReason) {
        Optional<Delivery> found = deliveries.stream().filter(d -> d.id.equals(claimed.id())
                && claimed.claim().equals(d.claim) && d.status.equals("sending")).findFirst();
        if (found.isEmpty()) {
            return false;
        }
        Delivery d = found.get();
        d.status = reply.isSuccess() ? "delivered" : nextAttemptAt == null ? "failed" : "pending";
        d.attempts++;
        d.nextAttemptAt = nextAttemptAt;
        d.claim = null;
        d.claimedUntil = null;
        attempts.add(new Attempted(d.webhookId, new WebhookAttempt(RandomIds.newId(WebhookAttempt.ID_PREFIX), d.id,
                d.event.id(), d.attempts, reply.statusCode(), latencyMs, reply.describe(), micros(at),
                nextAttemptAt == null ? null : micros(nextAttemptAt))));
        Endpoint e = endpoints.get(d.webhookId);
        Webhook w = e.webhook;
        if (reply.isSuccess()) {
            e.webhook = new Webhook(w.id(), w.url(), w.eventTypes(), w.inboxIds(), w.status(), null,
                    w.disabledReason(), w.createdAt());
        } else if (w.status().equals(Webhook.ENABLED)) {
            Instant failingSince = w.failingSince() == null ? micros(at) : w.failingSince();
            boolean tooLong = !failingSince.isAfter(at.minus(WebhookSettings.DISABLE_FAILING_AFTER));
            String reason = disableReason != null ? disableReason : tooLong
                    ? "every attempt failed for " + WebhookSettings.DISABLE_FAILING_AFTER.toDays() + " days" : null;
            e.webhook = new Webhook(w.id(), w.url(), w.eventTypes(), w.inboxIds(),
                    reason != null ? Webhook.DISABLED : w.status(), failingSince,
                    reason != null ? reason : w.disabledReason(), w.createdAt());
        }
        return true;
    }

    @Override
    public synchronized long pending() {
        return deliveries.stream().filter(d -> d.status.equals("pending") || d.status.equals("sending")).count();
    }

    /** The event as a webhook body: the JSON the list shows. */
    private static String body(Event event) {
        return "{\"id\": \"" + event.id() + "\", \"data\": " + event.data() + ", \"type\": \"" + event.type()
                + "\", \"inbox_id\": " + (event.inboxId() == null ? "null" : "\"" + event.inboxId() + "\"")
                + ", \"created_at\": \"" + event.createdAt() + "\"}";
    }

    private Optional<Endpoint> endpoint(String accountId, String webhookId) {
        Endpoint e = endpoints.get(webhookId);
        return e != null && e.accountId.equals(accountId) ? Optional.of(e) : Optional.empty();
    }

    private static Webhook micros(Webhook w) {
        return new Webhook(w.id(), w.url(), w.eventTypes(), w.inboxIds(), w.status(), w.failingSince(),
                w.disabledReason(), micros(w.createdAt()));
    }

    private static Instant micros(Instant at) {
        return at.truncatedTo(ChronoUnit.MICROS);
    }

    private static <T> T or(T changed, T current) {
        return changed != null ? changed : current;
    }
}
