package dev.inboxes.domain.paging;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;

/**
 * Turns a keyset into an opaque, URL-safe, signed cursor and back. Layout before base64url:
 * {@code version(1) keyId(4) scopeFingerprint(8) epochMicros(8) id(utf-8) | hmacSha256(16)}.
 * Stateless: any replica with the same secrets continues any cursor, across restarts.
 */
public final class CursorCodec {

    private static final byte VERSION = 1;
    private static final int HEADER_BYTES = 1 + 4 + QueryScope.FINGERPRINT_BYTES + 8;
    private static final int MAC_BYTES = 16;
    private static final int MAX_TOKEN_LENGTH = 512;

    private final CursorKeys keys;

    public CursorCodec(CursorKeys keys) {
        this.keys = keys;
    }

    public String encode(Keyset position, QueryScope scope) {
        byte[] id = position.id().getBytes(StandardCharsets.UTF_8);
        CursorKeys.SigningKey key = keys.active();
        ByteBuffer payload = ByteBuffer.allocate(HEADER_BYTES + id.length + MAC_BYTES)
                .put(VERSION)
                .putInt(key.id())
                .put(scope.fingerprint())
                .putLong(toEpochMicros(position.at()))
                .put(id);
        payload.put(mac(key, payload.array(), payload.position()));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(payload.array());
    }

    /**
     * @throws InvalidCursorException  when the token was not issued by this service or was altered
     * @throws CursorMismatchException when the token is genuine but belongs to another scope
     */
    public Keyset decode(String token, QueryScope scope) {
        byte[] bytes = bytesOf(token);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (in.get() != VERSION) {
            throw new InvalidCursorException("The cursor is malformed (unknown format).");
        }
        CursorKeys.SigningKey key = keys.find(in.getInt()).orElseThrow(() -> new InvalidCursorException(
                "The cursor was signed with a key this service no longer accepts (the signing secret was rotated)."));
        int signedLength = bytes.length - MAC_BYTES;
        byte[] expected = mac(key, bytes, signedLength);
        if (!MessageDigest.isEqual(expected, Arrays.copyOfRange(bytes, signedLength, bytes.length))) {
            throw new InvalidCursorException("The cursor is malformed or was altered.");
        }
        byte[] fingerprint = new byte[QueryScope.FINGERPRINT_BYTES];
        in.get(fingerprint);
        if (!MessageDigest.isEqual(fingerprint, scope.fingerprint())) {
            throw new CursorMismatchException();
        }
        Instant at = fromEpochMicros(in.getLong());
        String id = new String(bytes, HEADER_BYTES, signedLength - HEADER_BYTES, StandardCharsets.UTF_8);
        return new Keyset(at, id);
    }

    private static byte[] bytesOf(String token) {
        if (token == null) {
            throw new InvalidCursorException("The cursor is missing.");
        }
        if (token.length() > MAX_TOKEN_LENGTH) {
            throw new InvalidCursorException("The cursor is malformed (too long).");
        }
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(token);
            if (bytes.length <= HEADER_BYTES + MAC_BYTES) {
                throw new InvalidCursorException("The cursor is malformed (too short).");
            }
            // The decoder ignores padding and a last character's unused bits: only the canonical form is ours.
            if (!Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(token)) {
                throw new InvalidCursorException("The cursor is malformed or was altered.");
            }
            return bytes;
        } catch (IllegalArgumentException e) {
            throw new InvalidCursorException("The cursor is malformed (not base64url).");
        }
    }

    private static byte[] mac(CursorKeys.SigningKey key, byte[] data, int length) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(key.secret());
            mac.update(data, 0, length);
            return Arrays.copyOf(mac.doFinal(), MAC_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is unavailable in this JVM", e);
        }
    }

    static long toEpochMicros(Instant at) {
        return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1_000);
    }

    static Instant fromEpochMicros(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }
}
