package dev.inboxes.domain.account;

import dev.inboxes.domain.shared.Hashing;
import dev.inboxes.domain.shared.RandomIds;

/**
 * API keys: {@code sk_} and 40 base62 characters (about 238 random bits). Only the SHA-256 of a key is
 * stored; a slow password hash would add nothing for a secret this random and cost time on every request.
 */
public final class ApiKeys {

    static final String PREFIX = "sk_";
    static final int RANDOM_CHARACTERS = 40;

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
}
