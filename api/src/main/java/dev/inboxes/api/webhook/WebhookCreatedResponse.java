package dev.inboxes.api.webhook;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.webhook.CreatedWebhook;
import dev.inboxes.domain.webhook.Webhook;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "WebhookWithSecret", description = "A new endpoint, or one whose secret was just rotated, with its "
        + "signing secret: shown this once.")
public record WebhookCreatedResponse(
        @Schema(description = "The endpoint's id.", examples = "wh_4vBz3kTMd9Qw2xYp7LmN", required = true) String id,
        @Schema(description = WebhookFields.URL, examples = WebhookFields.URL_EXAMPLE, required = true) String url,
        @JsonProperty("event_types")
        @Schema(description = WebhookFields.EVENT_TYPES, required = true) List<String> eventTypes,
        @JsonProperty("inbox_ids")
        @Schema(description = WebhookFields.INBOX_IDS, required = true) List<String> inboxIds,
        @Schema(description = WebhookFields.STATUS, enumeration = {Webhook.ENABLED, Webhook.DISABLED},
                required = true) String status,
        @Schema(description = "The signing secret (Standard Webhooks: whsec_ and the base64 key). Shown once; keep it "
                + "to verify the webhook-signature header.", examples = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                required = true) String secret,
        @JsonProperty("created_at")
        @Schema(description = "RFC 3339 UTC.", implementation = String.class, format = "date-time",
                examples = "2026-11-29T21:48:33.123456Z", required = true) Instant createdAt) {

    static WebhookCreatedResponse fromDomain(CreatedWebhook created) {
        Webhook webhook = created.webhook();
        return new WebhookCreatedResponse(webhook.id(), webhook.url(), webhook.eventTypes(), webhook.inboxIds(),
                webhook.status(), created.secret(), webhook.createdAt());
    }
}
