package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.InvalidArgumentException;

/**
 * An {@code Idempotency-Key} with the fingerprint of the request it came with: the same key and the same
 * request return the first result; the same key with another request is refused.
 */
public record IdempotencyKey(String key, String requestFingerprint) {

    public static final int MAX_LENGTH = 255;

    /** @return {@code null} when no key was sent */
    public static IdempotencyKey of(String key, CreateInbox request) {
        if (key == null) {
            return null;
        }
        if (key.isEmpty() || key.length() > MAX_LENGTH || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new InvalidArgumentException("Idempotency-Key", "The Idempotency-Key header must be 1 to "
                    + MAX_LENGTH + " visible ASCII characters without spaces; a UUID is a good choice.");
        }
        return new IdempotencyKey(key, request.fingerprint());
    }
}
