package dev.inboxes.api.account;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inboxes.domain.account.NewApiKey;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "ApiKeyCreated", description = "A new API key. The api_key is shown only here: store it now.")
public record ApiKeyCreatedResponse(
        @Schema(description = "Key id.", examples = "key_4Vb8XkqT0cLmN2pQ7sWz", required = true) String id,
        @JsonProperty("api_key")
        @Schema(description = ApiKeyCreatedResponse.SECRET, examples = ApiKeyCreatedResponse.SECRET_EXAMPLE,
                required = true) String apiKey,
        @JsonProperty("created_at")
        @Schema(description = "When the key was issued, RFC 3339 UTC with microseconds.", implementation = String.class,
                format = "date-time", examples = "2026-11-29T21:48:33.123456Z", required = true) Instant createdAt) {

    /** The secret, as both responses that carry one describe it. */
    static final String SECRET = "Secret API key; send it as Authorization: Bearer <api_key>. Stored only as a hash, "
            + "so it cannot be shown again.";
    static final String SECRET_EXAMPLE = "sk_3kX9TqL0vB7nM2cR8wZ4pY6sD1fH5jG0aQeUiOoP";

    static ApiKeyCreatedResponse fromDomain(NewApiKey key) {
        return new ApiKeyCreatedResponse(key.id(), key.apiKey(), key.createdAt());
    }
}
