package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * An email inbox.
 *
 * @param id          the inbox id, e.g. {@code inb_WWXtFMh9mN2loAovQQNR}
 * @param address     the full email address, e.g. {@code support-bot@inboxes.test}
 * @param displayName the human-readable name; {@code null} when none was set
 * @param createdAt   when the inbox was created (microsecond precision)
 */
public record Inbox(
        String id,
        String address,
        @JsonProperty("display_name") String displayName,
        @JsonProperty("created_at") Instant createdAt) {
}
