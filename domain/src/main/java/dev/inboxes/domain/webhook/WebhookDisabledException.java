package dev.inboxes.domain.webhook;

import dev.inboxes.domain.shared.ConflictException;

/** A delivery of a disabled endpoint cannot be retried. */
public class WebhookDisabledException extends ConflictException {

    public WebhookDisabledException(String webhookId) {
        super("webhook-disabled", "Webhook " + webhookId + " is disabled, so nothing is sent to it. Enable it (PATCH "
                + "/v1/webhooks/" + webhookId + " with {\"status\":\"enabled\"}), then retry the delivery.");
    }
}
