package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A new webhook endpoint, or one whose secret was rotated, with its signing secret: shown this once. Keep the
 * secret to check requests with {@link Webhooks#verify}.
 */
public record WebhookWithSecret(String id, String url, @JsonProperty("event_types") List<String> eventTypes,
                                @JsonProperty("inbox_ids") List<String> inboxIds, String status, String secret,
                                @JsonProperty("created_at") Instant createdAt) {
}
