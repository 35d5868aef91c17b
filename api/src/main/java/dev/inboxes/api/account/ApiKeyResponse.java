package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.account.ApiKey;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ApiKey", description = "An API key of the account. The secret itself is never shown again.")
public record ApiKeyResponse(
        @Schema(description = "Key id: key_ and 20 base62 characters; DELETE /v1/api-keys/{key_id} revokes it.",
                examples = "key_4Vb8XkqT0cLmN2pQ7sWz", required = true) String id,
        @Schema(description = "The secret's first characters, to tell keys apart (only sk_ for keys issued before "
                + "prefixes were kept).", examples = "sk_05by8", required = true) String prefix,
        @JsonProperty("created_at")
        @Schema(description = "When the key was issued, RFC 3339 UTC with microseconds; the list's sort key.",
                implementation = String.class, format = "date-time", examples = "2026-11-29T21:48:33.123456Z",
                required = true) Instant createdAt,
        @JsonProperty("last_used_at")
        @Schema(description = "When the key last authenticated a request, to about a minute; null if never.",
                implementation = String.class, format = "date-time", examples = "2026-11-30T08:12:05.004211Z",
                required = true, nullable = true) Instant lastUsedAt) {

    static ApiKeyResponse fromDomain(ApiKey key) {
        return new ApiKeyResponse(key.id(), key.prefix(), key.createdAt(), key.lastUsedAt());
    }
}
