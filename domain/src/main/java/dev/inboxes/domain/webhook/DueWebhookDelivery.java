package dev.inboxes.domain.webhook;

import java.util.List;

/**
 * A delivery a worker claimed, with what it needs to send it.
 *
 * @param claim    the token of this worker's claim: only it can record the attempt
 * @param attempts attempts made before this one
 * @param secrets  the endpoint's secrets that sign: the current one, then the previous one during its grace period
 * @param body     the event, as JSON
 */
public record DueWebhookDelivery(String id, String claim, String accountId, String webhookId, String eventId,
                                 int attempts, String url, List<String> secrets, String body) {

    public DueWebhookDelivery {
        secrets = List.copyOf(secrets);
    }
}
