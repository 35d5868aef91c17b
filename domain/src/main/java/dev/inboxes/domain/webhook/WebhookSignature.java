package dev.inboxes.domain.webhook;

import dev.inboxes.domain.shared.RandomIds;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signatures per the Standard Webhooks specification: {@code v1,} and the base64 HMAC-SHA256, keyed with the
 * secret's bytes (the base64 after {@code whsec_}), of {@code <webhook-id>.<webhook-timestamp>.<body>}. Several
 * secrets sign side by side, separated by spaces, while a rotated secret is still honoured.
 */
public final class WebhookSignature {

    public static final String SECRET_PREFIX = "whsec_";
    /** 24 bytes: 192 bits, within the 24 to 64 bytes the specification asks for. */
    static final int SECRET_BYTES = 24;

    private WebhookSignature() {
    }

    public static String newSecret() {
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(RandomIds.bytes(SECRET_BYTES));
    }

    /** The {@code webhook-signature} header: one {@code v1,…} per secret, space-separated. */
    public static String header(List<String> secrets, String webhookId, long timestampSeconds, byte[] body) {
        return secrets.stream().map(secret -> "v1," + sign(secret, webhookId, timestampSeconds, body))
                .collect(Collectors.joining(" "));
    }

    static String sign(String secret, String webhookId, long timestampSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length())),
                    "HmacSHA256"));
            mac.update((webhookId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
