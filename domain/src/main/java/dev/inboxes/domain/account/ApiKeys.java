package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Instant;

/**
 * API keys: {@code sk_} and 40 base62 characters (about 238 random bits). Only the SHA-256 of a key is
 * stored; a slow password hash would add nothing for a secret this random and cost time on every request.
 */
public final class ApiKeys {

    static final String PREFIX = "sk_";
    static final int RANDOM_CHARACTERS = 40;
    /** How much of a secret a key list shows: {@code sk_} and 5 characters, about 30 of its 238 bits. */
    public static final int PREFIX_LENGTH = 8;
    /** The most keys an account holds at a time: enough to rotate per service, bounded like everything else. */
    public static final int MAX_PER_ACCOUNT = 100;

    private ApiKeys() {
    }

    static String generate() {
        return PREFIX + RandomIds.base62(RANDOM_CHARACTERS);
    }

    public static String hash(String apiKey) {
        return Hashing.sha256Hex(apiKey);
    }

    /** Whether the text could be a key at all, so garbage never reaches the database. */
    static boolean hasShape(String candidate) {
        return candidate != null && candidate.startsWith(PREFIX)
                && candidate.length() == PREFIX.length() + RANDOM_CHARACTERS
                && RandomIds.isBase62(candidate.substring(PREFIX.length()));
    }

    /** A new key: the secret to show once, and what the store keeps of it. */
    static Issued issue(Instant createdAt) {
        String secret = generate();
        return new Issued(secret, new StoredApiKey(RandomIds.newId(ApiKey.ID_PREFIX), hash(secret),
                secret.substring(0, PREFIX_LENGTH), createdAt));
    }

    record Issued(String secret, StoredApiKey stored) {

        NewApiKey shown() {
            return new NewApiKey(stored.id(), secret, stored.createdAt());
        }
    }
}
