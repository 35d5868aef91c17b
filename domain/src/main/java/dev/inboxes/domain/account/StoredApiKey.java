package dev.inboxes.domain.account;

import java.time.Instant;

/**
 * What a store keeps of an API key: its id, the SHA-256 of the secret, the secret's prefix, and when it was issued.
 */
public record StoredApiKey(String id, String hash, String prefix, Instant createdAt) {
}
