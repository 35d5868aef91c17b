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
 * Turns a position into an opaque, URL-safe, signed cursor and back. Two layouts before base64url, one signature:
 * <ul>
 *   <li>a {@link Keyset} (lists ordered by a time): {@code 1 keyId(4) scopeFingerprint(8) epochMicros(8) id(utf-8)};</li>
 *   <li>a {@link SequenceCursor} (positions in an inbox's arrival sequence):
 *       {@code 2 keyId(4) scopeFingerprint(8) phase(1) watermark(8) seq(8) id(utf-8)};</li>
 * </ul>
 * each followed by {@code hmacSha256(16)} of everything before it. Stateless: any replica with the same secrets
 * continues any cursor, across restarts.
 */
public final class CursorCodec {

    private static final byte KEYSET_FORMAT = 1;
    private static final byte SEQUENCE_FORMAT = 2;
    /** Version, key id and scope fingerprint: what every format starts with. */
    private static final int PREFIX_BYTES = 1 + 4 + QueryScope.FINGERPRINT_BYTES;
    private static final int KEYSET_HEADER_BYTES = PREFIX_BYTES + 8;
    private static final int SEQUENCE_HEADER_BYTES = PREFIX_BYTES + 1 + 8 + 8;
    private static final int MAC_BYTES = 16;
    private static final int MAX_TOKEN_LENGTH = 512;

    private final CursorKeys keys;

    public CursorCodec(CursorKeys keys) {
        this.keys = keys;
    }

    public String encode(Keyset position, QueryScope scope) {
        byte[] id = position.id().getBytes(StandardCharsets.UTF_8);
        CursorKeys.SigningKey key = keys.active();
        ByteBuffer payload = prefix(KEYSET_FORMAT, key, scope, KEYSET_HEADER_BYTES + id.length)
                .putLong(toEpochMicros(position.at()))
                .put(id);
        return signed(key, payload);
    }

    public String encode(SequenceCursor position, QueryScope scope) {
        byte[] id = position.id().getBytes(StandardCharsets.UTF_8);
        CursorKeys.SigningKey key = keys.active();
        ByteBuffer payload = prefix(SEQUENCE_FORMAT, key, scope, SEQUENCE_HEADER_BYTES + id.length)
                .put(position.phase())
                .putLong(position.watermark())
                .putLong(position.seq())
                .put(id);
        return signed(key, payload);
    }

    /**
     * @throws InvalidCursorException  when the token was not issued by this service or was altered
     * @throws CursorMismatchException when the token is genuine but belongs to another scope
     */
    public Keyset decode(String token, QueryScope scope) {
        ByteBuffer in = verified(token, scope, KEYSET_FORMAT, KEYSET_HEADER_BYTES);
        Instant at = fromEpochMicros(in.getLong());
        return new Keyset(at, id(in));
    }

    /**
     * @throws InvalidCursorException  when the token was not issued by this service or was altered
     * @throws CursorMismatchException when the token is genuine but belongs to another scope
     */
    public SequenceCursor decodeSequence(String token, QueryScope scope) {
        ByteBuffer in = verified(token, scope, SEQUENCE_FORMAT, SEQUENCE_HEADER_BYTES);
        byte phase = in.get();
        long watermark = in.getLong();
        long seq = in.getLong();
        try {
            return new SequenceCursor(phase, watermark, seq, id(in));
        } catch (IllegalArgumentException e) {
            // Signed by us, so never: but a position we could not have issued is no position.
            throw new InvalidCursorException("The cursor is malformed.");
        }
    }

    private static ByteBuffer prefix(byte format, CursorKeys.SigningKey key, QueryScope scope, int headerAndId) {
        return ByteBuffer.allocate(headerAndId + MAC_BYTES).put(format).putInt(key.id()).put(scope.fingerprint());
    }

    private static String signed(CursorKeys.SigningKey key, ByteBuffer payload) {
        payload.put(mac(key, payload.array(), payload.position()));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(payload.array());
    }

    /**
     * The token's bytes after its signature and scope were checked, positioned after the prefix. A genuine token of
     * the other format was issued for another list: a mismatch, like any other scope.
     */
    private ByteBuffer verified(String token, QueryScope scope, byte format, int headerBytes) {
        byte[] bytes = bytesOf(token);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte version = in.get();
        if (version != KEYSET_FORMAT && version != SEQUENCE_FORMAT) {
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
        if (!MessageDigest.isEqual(fingerprint, scope.fingerprint()) || version != format) {
            throw new CursorMismatchException();
        }
        if (signedLength <= headerBytes) {
            throw new InvalidCursorException("The cursor is malformed (too short).");
        }
        return in.limit(signedLength);
    }

    private static String id(ByteBuffer in) {
        return new String(in.array(), in.position(), in.remaining(), StandardCharsets.UTF_8);
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
            if (bytes.length <= KEYSET_HEADER_BYTES + MAC_BYTES) {
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
