package dev.inboxes.domain.paging;

import dev.inboxes.domain.shared.Hashing;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secrets that sign cursors. New cursors are signed with the active secret; cursors signed with a
 * retired secret still verify, so walks in flight survive a rotation. Each secret's key id is derived
 * from the secret itself, so operators rotate by configuring secrets, never by numbering them.
 */
public final class CursorKeys {

    /** Shortest accepted secret; 32 characters of a random token carry well over 128 bits. */
    public static final int MIN_SECRET_LENGTH = 32;

    private final SigningKey active;
    private final Map<Integer, SigningKey> byKeyId = new HashMap<>();

    private CursorKeys(String activeSecret, List<String> retiredSecrets) {
        this.active = register(activeSecret);
        retiredSecrets.forEach(this::register);
    }

    /**
     * @throws IllegalArgumentException when a secret is shorter than {@value #MIN_SECRET_LENGTH} characters
     */
    public static CursorKeys of(String activeSecret, List<String> retiredSecrets) {
        return new CursorKeys(activeSecret, retiredSecrets);
    }

    SigningKey active() {
        return active;
    }

    Optional<SigningKey> find(int keyId) {
        return Optional.ofNullable(byKeyId.get(keyId));
    }

    private SigningKey register(String secret) {
        if (secret == null || secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException("a cursor secret must be at least " + MIN_SECRET_LENGTH + " characters");
        }
        int keyId = ByteBuffer.wrap(Hashing.sha256("inboxes-cursor-key-id:" + secret)).getInt();
        SigningKey key = new SigningKey(keyId, new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        byKeyId.putIfAbsent(keyId, key);
        return byKeyId.get(keyId);
    }

    record SigningKey(int id, SecretKeySpec secret) {
    }
}
