package dev.inboxes.domain.webhook;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * One attempt to deliver an event to an endpoint.
 *
 * @param deliveryId    the delivery (the event at this endpoint) the attempt belongs to, the same for every attempt
 * @param attempt       1 for the first attempt of the delivery
 * @param statusCode    the endpoint's HTTP status; {@code null} when it gave none (refused, unreachable, timed out)
 * @param error         why the attempt failed, when it did; {@code null} on a 2xx
 * @param nextAttemptAt when the delivery is tried again; {@code null} once it is final
 */
public record WebhookAttempt(String id, String deliveryId, String eventId, int attempt, Integer statusCode,
                             long latencyMs, String error, Instant createdAt, Instant nextAttemptAt) implements Keyed {

    public static final String ID_PREFIX = "wha_";
    public static final String DELIVERY_ID_PREFIX = "whd_";

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
