package dev.inboxes.domain.shared;

import java.security.SecureRandom;

/**
 * Random identifiers and secrets: a type prefix followed by base62 characters from a {@link SecureRandom}.
 * The generator lives in {@link Source}, a holder created at run time: a native image built with it in its
 * heap would ship one seed to every process (the native build initializes {@code Source} at run time).
 */
public final class RandomIds {

    /** Characters after the prefix in every resource id (contract: 20 base62 characters). */
    public static final int ID_LENGTH = 20;

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String LOWER_ALPHANUMERIC = "0123456789abcdefghijklmnopqrstuvwxyz";
    private RandomIds() {
    }

    /** A new id such as {@code inb_7fQ2...}: the prefix, then {@value #ID_LENGTH} base62 characters. */
    public static String newId(String prefix) {
        return prefix + randomString(BASE62, ID_LENGTH);
    }

    /** Base62 characters for secrets (about 5.95 bits each). */
    public static String base62(int length) {
        return randomString(BASE62, length);
    }

    /** Random bytes, for keys that are not text (a webhook's signing secret). */
    public static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        Source.RANDOM.nextBytes(bytes);
        return bytes;
    }

    /** Lower-case letters and digits, for generated mailbox names. */
    public static String lowercaseAlphanumeric(int length) {
        return randomString(LOWER_ALPHANUMERIC, length);
    }

    /** Whether {@code id} has the shape of an id with this prefix; says nothing about existence. */
    public static boolean hasShape(String prefix, String id) {
        if (id == null || id.length() != prefix.length() + ID_LENGTH || !id.startsWith(prefix)) {
            return false;
        }
        return isBase62(id.substring(prefix.length()));
    }

    public static boolean isBase62(String text) {
        return text.chars().allMatch(c -> BASE62.indexOf(c) >= 0);
    }

    private static String randomString(String alphabet, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet.charAt(Source.RANDOM.nextInt(alphabet.length())));
        }
        return out.toString();
    }

    /** Seeded on first use in the running process, never at build time. */
    static final class Source {

        static final SecureRandom RANDOM = new SecureRandom();

        private Source() {
        }
    }
}
