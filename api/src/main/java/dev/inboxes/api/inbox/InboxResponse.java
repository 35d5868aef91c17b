package dev.inboxes.api.inbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.inbox.Inbox;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Inbox", description = "An email inbox.")
public record InboxResponse(
        @Schema(description = "Inbox id: inb_ and 20 base62 characters.", examples = "inb_7fQ2LmX0pZ9aK3vB8nTc",
                required = true) String id,
        @Schema(description = "The email address, lower case.", examples = "support-bot@inboxes.test", required = true)
        String address,
        @JsonProperty("display_name")
        @Schema(description = "Human-readable name, or null.", examples = "Support bot", required = true, nullable = true)
        String displayName,
        @JsonProperty("created_at")
        @Schema(description = "Creation time, RFC 3339 UTC with microseconds; the list's sort key.",
                implementation = String.class, format = "date-time", examples = "2026-11-29T21:48:33.123456Z",
                required = true) Instant createdAt) {

    static InboxResponse fromDomain(Inbox inbox) {
        return new InboxResponse(inbox.id(), inbox.address(), inbox.displayName(), inbox.createdAt());
    }
}
