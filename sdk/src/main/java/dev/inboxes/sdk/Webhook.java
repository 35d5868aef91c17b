package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * A webhook endpoint (never its secret).
 *
 * @param eventTypes     the event types it receives
 * @param inboxIds       only events of these inboxes; empty for every inbox
 * @param status         {@code enabled} or {@code disabled}
 * @param failingSince   since when every attempt has failed; {@code null} while it succeeds
 * @param disabledReason why it is disabled; {@code null} while enabled
 */
public record Webhook(String id, String url, @JsonProperty("event_types") List<String> eventTypes,
                      @JsonProperty("inbox_ids") List<String> inboxIds, String status,
                      @JsonProperty("failing_since") Instant failingSince,
                      @JsonProperty("disabled_reason") String disabledReason,
                      @JsonProperty("created_at") Instant createdAt) {
}
