package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * An API key of the account, as listed: never the secret.
 *
 * @param id         the key id, e.g. {@code key_4Vb8XkqT0cLmN2pQ7sWz}, for {@link InboxesClient#deleteApiKey(String)}
 * @param prefix     the secret's first characters, e.g. {@code sk_05by8}, to tell keys apart
 * @param createdAt  when the key was issued
 * @param lastUsedAt when it last authenticated a request, to about a minute; {@code null} if never
 */
public record ApiKey(
        String id,
        String prefix,
        @JsonProperty("created_at") Instant createdAt,
        @JsonProperty("last_used_at") Instant lastUsedAt) {
}
