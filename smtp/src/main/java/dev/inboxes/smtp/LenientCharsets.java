package dev.inboxes.smtp;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Decodes text parts as mail clients do, never failing: the declared charset when Java knows it (malformed bytes
 * become U+FFFD); Latin-1 read as its superset Windows-1252, as browsers and mail clients read it; and, when the
 * declaration is missing, US-ASCII yet the bytes are 8-bit, or unknown, UTF-8 if the bytes are valid UTF-8, else
 * Windows-1252.
 */
final class LenientCharsets {

    private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

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

    private static Charset lookup(String name) {
        if (name == null || name.isBlank()) {
            return null;
        }
        String trimmed = name.trim().replace("\"", "").toLowerCase(Locale.ROOT);
        try {
            return Charset.forName(trimmed.equals("utf8") ? "UTF-8" : trimmed);
        } catch (IllegalArgumentException unknown) {
            return null;
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
