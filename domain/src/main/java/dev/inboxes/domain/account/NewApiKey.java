package dev.inboxes.domain.account;

import java.time.Instant;

/** A freshly issued API key: the secret is shown this once and never stored in clear. */
public record NewApiKey(String id, String apiKey, Instant createdAt) {

    /** Masks the secret: a record's default toString would put it into logs. */
    @Override
    public String toString() {
        return "NewApiKey[id=" + id + ", apiKey=" + apiKey.substring(0, ApiKeys.PREFIX_LENGTH) + "…, createdAt="
                + createdAt + "]";
    }
}
