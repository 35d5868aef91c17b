package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * A freshly created API key. The secret is shown only once: store it now.
 *
 * @param id        the key id
 * @param apiKey    the secret for {@link InboxesClientBuilder#apiKey(String)}
 * @param createdAt when the key was issued
 */
public record NewApiKey(String id, @JsonProperty("api_key") String apiKey, @JsonProperty("created_at") Instant createdAt) {

    /** Masks the key: a record's default toString would leak the secret into logs. */
    @Override
    public String toString() {
        return "NewApiKey[id=" + id + ", apiKey=" + Secrets.mask(apiKey) + ", createdAt=" + createdAt + "]";
    }
}
