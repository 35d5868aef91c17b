package dev.inboxes.api.webhook;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.webhook.Webhook;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Webhook", description = "An endpoint the account's events are POSTed to, signed (never its secret).")
public record WebhookResponse(
        @Schema(description = "The endpoint's id.", examples = "wh_4vBz3kTMd9Qw2xYp7LmN", required = true) String id,
        @Schema(description = WebhookFields.URL, examples = WebhookFields.URL_EXAMPLE, required = true) String url,
        @JsonProperty("event_types")
        @Schema(description = WebhookFields.EVENT_TYPES, required = true) List<String> eventTypes,
        @JsonProperty("inbox_ids")
        @Schema(description = WebhookFields.INBOX_IDS, required = true) List<String> inboxIds,
        @Schema(description = WebhookFields.STATUS, enumeration = {Webhook.ENABLED, Webhook.DISABLED},
                required = true) String status,
        @JsonProperty("failing_since")
        @Schema(description = "Since when every attempt to it has failed, RFC 3339 UTC; null while it succeeds. After "
                + "5 days of failures it is disabled.", implementation = String.class, format = "date-time",
                required = true, nullable = true) Instant failingSince,
        @JsonProperty("disabled_reason")
        @Schema(description = "Why it is disabled (by the account, a 410 answer, or 5 days of failures); null while "
                + "enabled.", required = true, nullable = true) String disabledReason,
        @JsonProperty("created_at")
        @Schema(description = "RFC 3339 UTC.", implementation = String.class, format = "date-time",
                examples = "2026-11-29T21:48:33.123456Z", required = true) Instant createdAt) {

    static WebhookResponse fromDomain(Webhook webhook) {
        return new WebhookResponse(webhook.id(), webhook.url(), webhook.eventTypes(), webhook.inboxIds(),
                webhook.status(), webhook.failingSince(), webhook.disabledReason(), webhook.createdAt());
    }
}
