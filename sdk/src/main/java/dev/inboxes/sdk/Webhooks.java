package dev.inboxes.sdk;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks the requests an Inboxes webhook endpoint receives, per the Standard Webhooks specification: the
 * {@code webhook-signature} header holds one or more {@code v1,<base64 HMAC-SHA256>} of
 * {@code <webhook-id>.<webhook-timestamp>.<body>} (two during a day after a secret rotation), keyed with the
 * secret's bytes; one must match, compared in constant time, and the timestamp must be within five minutes of now
 * (so a captured request cannot be replayed later). Dedupe on {@code webhook-id}: a retry carries the same one.
 */
public final class Webhooks {

    /** How far a request's timestamp may be from now, either way. */
    public static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final String SECRET_PREFIX = "whsec_";

    private Webhooks() {
    }

    /**
     * @param payload the request body exactly as received (before any JSON parsing)
     * @param headers the request headers; names in any case
     * @param secret  the endpoint's secret, {@code whsec_…}
     * @return the payload, once it checks out
     * @throws WebhookVerificationException when a header is missing, the timestamp is too old or too new, or no
     *                                      signature matches
     */
    public static String verify(String payload, Map<String, String> headers, String secret) {
        return verify(payload, headers, secret, Instant.now());
    }

    /** As {@link #verify(String, Map, String)}, at {@code now}. */
    public static String verify(String payload, Map<String, String> headers, String secret, Instant now) {
        String id = header(headers, "webhook-id");
        String timestamp = header(headers, "webhook-timestamp");
        String signatures = header(headers, "webhook-signature");
        long seconds;
        try {
            seconds = Long.parseLong(timestamp.trim());
        } catch (NumberFormatException e) {
            throw new WebhookVerificationException("webhook-timestamp is not a number of seconds");
        }
        if (Math.abs(now.getEpochSecond() - seconds) > TOLERANCE.toSeconds()) {
            throw new WebhookVerificationException("webhook-timestamp is more than " + TOLERANCE.toMinutes()
                    + " minutes from now: a replay, or a clock that is off");
        }
        byte[] expected = sign(secret, id + "." + timestamp.trim() + "." + payload);
        for (String signature : signatures.trim().split(" +")) {
            int comma = signature.indexOf(',');
            if (comma < 0 || !signature.substring(0, comma).equals("v1")) {
                continue;
            }
            byte[] given;
            try {
                given = Base64.getDecoder().decode(signature.substring(comma + 1));
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (MessageDigest.isEqual(expected, given)) {
                return payload;
            }
        }
        throw new WebhookVerificationException("no webhook-signature matches: check the secret (rotated recently?) "
                + "and that the body is passed exactly as received");
    }

    private static String header(Map<String, String> headers, String name) {
        for (Map.Entry<String, String> header : headers.entrySet()) {
            if (header.getKey() != null && header.getKey().toLowerCase(Locale.ROOT).equals(name)
                    && header.getValue() != null) {
                return header.getValue();
            }
        }
        throw new WebhookVerificationException("the request has no " + name + " header");
    }

    private static byte[] sign(String secret, String signed) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("the secret starts with " + SECRET_PREFIX);
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length())),
                    "HmacSHA256"));
            return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
