package dev.inboxes.domain.webhook;

/** A new endpoint or a rotated secret: the only time the secret is shown. */
public record CreatedWebhook(Webhook webhook, String secret) {
}
