package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.InvalidArgumentException;
import java.time.Duration;

/**
 * An {@code Idempotency-Key} with the fingerprint of the request it came with: the same key and the same
 * request return the first result; the same key with another request is refused. A key is remembered for
 * {@link #RETENTION}; after that it is a new key (Stripe's rule), and stores delete it.
 */
public record IdempotencyKey(String key, String requestFingerprint) {

    public static final int MAX_LENGTH = 255;
    /** How long a key replays its first result: a retry comes within minutes, and nothing is kept forever. */
    public static final Duration RETENTION = Duration.ofHours(24);

    /** @return {@code null} when no key was sent */
    public static IdempotencyKey of(String key, CreateInbox request) {
        return key == null ? null : of(key, request.fingerprint());
    }

    /**
     * A key for any request, given the request's fingerprint (a digest of everything that makes it this request).
     *
     * @return {@code null} when no key was sent
     */
    public static IdempotencyKey of(String key, String requestFingerprint) {
        if (key == null) {
            return null;
        }
        if (key.isEmpty() || key.length() > MAX_LENGTH || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new InvalidArgumentException("Idempotency-Key", "The Idempotency-Key header must be 1 to "
                    + MAX_LENGTH + " visible ASCII characters without spaces; a UUID is a good choice.");
        }
        return new IdempotencyKey(key, requestFingerprint);
    }
}
