package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.domain.outbound.SigningKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.james.jdkim.DKIMSigner;
import org.apache.james.jdkim.api.BodyHasher;
import org.apache.james.jdkim.exceptions.FailException;

/**
 * DKIM signature of a composed message (RFC 6376): RSA-SHA256, relaxed/relaxed, over the header fields the contract
 * names that the message has. The domain's key is read once and kept for {@link #KEY_KEPT}, so a rotation made on
 * another replica is used here within that time.
 */
final class MessageSigner {

    /** In the contract's order; a field the message lacks is left out of {@code h=}. */
    static final List<String> SIGNED_FIELDS = List.of("From", "To", "Cc", "Subject", "Date", "Message-ID",
            "In-Reply-To", "References", "MIME-Version", "Content-Type");
    static final Duration KEY_KEPT = Duration.ofMinutes(10);
    private static final int FOLD_AT = 76;

    private final SigningKeys keys;
    private final Clock clock;
    private final Map<String, LoadedKey> loaded = new ConcurrentHashMap<>();

    private record LoadedKey(SigningKey key, PrivateKey privateKey, Instant readAt) {
    }

    MessageSigner(SigningKeys keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** The message with its DKIM-Signature field in front, signed with {@code domain}'s current key. */
    byte[] sign(byte[] message, String domain) {
        LoadedKey key = key(domain);
        int headerLength = HeaderFields.headerLength(message);
        HeaderFields fields = HeaderFields.of(message, headerLength);
        String signedFields = SIGNED_FIELDS.stream().filter(fields::has).collect(Collectors.joining(":"));
        String template = "v=1; a=rsa-sha256; c=relaxed/relaxed; d=" + domain + "; s=" + key.key().selector()
                + "; t=" + clock.instant().getEpochSecond() + "; h=" + signedFields + "; bh=; b=;";
        DKIMSigner signer = new DKIMSigner(template, key.privateKey());
        try {
            BodyHasher hasher = signer.newBodyHasher(signer.newSignatureRecordTemplate(template));
            int bodyStart = Math.min(message.length, headerLength + 2);
            try (OutputStream body = hasher.getOutputStream()) {
                body.write(message, bodyStart, message.length - bodyStart);
            }
            byte[] signature = (folded(signer.sign(fields, hasher)) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] signed = new byte[signature.length + message.length];
            System.arraycopy(signature, 0, signed, 0, signature.length);
            System.arraycopy(message, 0, signed, signature.length, message.length);
            return signed;
        } catch (FailException | IOException e) {
            throw new IllegalStateException("Cannot DKIM-sign for " + domain + ": " + e.getMessage(), e);
        }
    }

    private LoadedKey key(String domain) {
        LoadedKey known = loaded.get(domain);
        Instant now = clock.instant();
        if (known != null && known.readAt().plus(KEY_KEPT).isAfter(now)) {
            return known;
        }
        SigningKey key = keys.current(domain);
        LoadedKey fresh = new LoadedKey(key, privateKey(key), now);
        loaded.put(domain, fresh);
        return fresh;
    }

    private static PrivateKey privateKey(SigningKey key) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(key.privateKeyPkcs8()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The stored DKIM key " + key + " is not an RSA PKCS #8 key", e);
        }
    }

    /**
     * The field on lines of about {@value #FOLD_AT} characters, folded only after a tag's semicolon: relaxed
     * canonicalization reads that fold as the space it replaces, so the signature stays valid.
     */
    static String folded(String field) {
        StringBuilder out = new StringBuilder(field.length() + 64);
        int lineLength = 0;
        for (String tag : field.split("; ")) {
            if (out.length() > 0) {
                if (lineLength + 2 + tag.length() > FOLD_AT) {
                    out.append(";\r\n\t");
                    lineLength = 1;
                } else {
                    out.append("; ");
                    lineLength += 2;
                }
            }
            out.append(tag);
            lineLength += tag.length();
        }
        return out.toString();
    }
}
