package dev.inboxes.domain.webhook;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Delivers what the webhook outbox holds: claims due deliveries (each by one worker of all replicas), signs and
 * POSTs each event, and records the attempt: a 2xx delivers it; {@code 410} fails it and disables the endpoint;
 * anything else is tried again on the {@link WebhookRetrySchedule}, then fails. A worker killed mid-attempt leaves
 * its claim to expire, and another worker makes the attempt again: at least once, with the same {@code webhook-id}.
 */
public final class WebhookWorker {

    static final String USER_AGENT = "Inboxes-Webhooks/1";

    private final WebhookStore store;
    private final WebhookTransport transport;
    private final WebhookSettings settings;
    private final WebhookRetrySchedule retries;
    private final Clock clock;

    public WebhookWorker(WebhookStore store, WebhookTransport transport, WebhookSettings settings,
            WebhookRetrySchedule retries, Clock clock) {
        this.store = store;
        this.transport = transport;
        this.settings = settings;
        this.retries = retries;
        this.clock = clock;
    }

    /** Claims and attempts up to {@code max} due deliveries; returns how many were claimed. */
    public int deliverDue(int max) {
        List<DueWebhookDelivery> due = store.claimDue(clock.instant(), settings.lease(), max);
        due.forEach(this::attempt);
        return due.size();
    }

    private void attempt(DueWebhookDelivery delivery) {
        byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);
        Instant start = clock.instant();
        WebhookReply reply;
        if (body.length > WebhookSettings.MAX_BODY_BYTES) {
            reply = WebhookReply.failed("the event is larger than " + WebhookSettings.MAX_BODY_BYTES + " bytes");
        } else {
            try {
                reply = transport.post(delivery.url(), headers(delivery, start, body), body, settings.timeout());
            } catch (RuntimeException unexpected) {
                // A transport must answer every outcome; if one throws, the attempt still counts and is retried.
                reply = WebhookReply.failed("the attempt failed here: " + unexpected);
            }
        }
        Instant end = clock.instant();
        long latency = Duration.between(start, end).toMillis();
        if (reply.isSuccess()) {
            store.record(delivery, end, reply, latency, null, null);
        } else if (reply.isGone()) {
            store.record(delivery, end, reply, latency, null, "the endpoint answered 410 Gone");
        } else {
            Optional<Instant> next = retries.next(delivery.attempts() + 1, end);
            store.record(delivery, end, reply, latency, next.orElse(null), null);
        }
    }

    static Map<String, String> headers(DueWebhookDelivery delivery, Instant at, byte[] body) {
        long timestamp = at.getEpochSecond();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("user-agent", USER_AGENT);
        headers.put("webhook-id", delivery.eventId());
        headers.put("webhook-timestamp", String.valueOf(timestamp));
        headers.put("webhook-signature", WebhookSignature.header(delivery.secrets(), delivery.eventId(), timestamp,
                body));
        return headers;
    }
}
