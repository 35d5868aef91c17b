package dev.inboxes.smtp;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decodes text parts as mail clients do, never failing: the declared charset when Java knows it (malformed bytes
 * become U+FFFD); Latin-1 read as its superset Windows-1252, as browsers and mail clients read it; and, when the
 * declaration is missing, US-ASCII yet the bytes are 8-bit, or unknown, UTF-8 if the bytes are valid UTF-8, else
 * Windows-1252.
 */
final class LenientCharsets {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");
    /** Charset names are short (the longest registered is 45 characters); a longer one is not looked up. */
    private static final int MAX_NAME_LENGTH = 64;
    /** Names remembered at most: each distinct name once, so a flood of invented names fills this and no more. */
    private static final int MAX_REMEMBERED = 4_096;
    private static final Map<String, Optional<Charset>> LOOKED_UP = new ConcurrentHashMap<>();

    private LenientCharsets() {
    }

    static String decode(byte[] bytes, String declared) {
        Charset charset = lookup(declared);
        if (charset == null || charset.equals(StandardCharsets.US_ASCII) && !isAscii(bytes)) {
            return guess(bytes);
        }
        if (charset.equals(StandardCharsets.ISO_8859_1)) {
            charset = WINDOWS_1252;
        }
        return new String(bytes, charset); // replaces malformed input with U+FFFD
    }

    /** Whether Java knows the charset of this name (an RFC 2231 language suffix aside). */
    static boolean isKnown(String name) {
        int language = name.indexOf('*');
        return lookup(language < 0 ? name : name.substring(0, language)) != null;
    }

    /**
     * The charset of this name, or {@code null}. Answers are remembered, misses too: Java asks every charset
     * provider on the class path about a name it does not know, each time (about 270 µs).
     */
    private static Charset lookup(String name) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME_LENGTH) {
            return null;
        }
        String trimmed = name.trim().replace("\"", "").toLowerCase(Locale.ROOT);
        Optional<Charset> known = LOOKED_UP.get(trimmed);
        if (known == null) {
            known = forName(trimmed);
            if (LOOKED_UP.size() < MAX_REMEMBERED) {
                LOOKED_UP.put(trimmed, known);
            }
        }
        return known.orElse(null);
    }

    private static Optional<Charset> forName(String trimmed) {
        try {
            return Optional.of(Charset.forName(trimmed.equals("utf8") ? "UTF-8" : trimmed));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }

    private static String guess(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUtf8) {
            return new String(bytes, WINDOWS_1252);
        }
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }

    /** Text for a PostgreSQL text column and a JSON string: NUL (which text cannot hold) becomes U+FFFD. */
    static String storable(String text) {
        return text.indexOf('\u0000') < 0 ? text : text.replace('\u0000', '\uFFFD');
    }

}
