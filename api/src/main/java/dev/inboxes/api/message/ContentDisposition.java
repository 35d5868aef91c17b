package dev.inboxes.api.message;

import dev.inboxes.domain.shared.Text;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A {@code Content-Disposition: attachment} header for a file name chosen by a stranger: RFC 6266 with an ASCII
 * {@code filename} fallback and the exact name in RFC 5987 {@code filename*}. No character of the name can end
 * the header, start another parameter or name a path: control characters, quotes, backslashes, slashes and
 * everything outside printable ASCII stay out of the fallback, and {@code filename*} is percent-encoded.
 */
final class ContentDisposition {

    static final int MAX_FILENAME_LENGTH = 200;
    private static final String FALLBACK_NAME = "attachment";
    private static final Pattern MEDIA_TYPE = Pattern.compile("[a-z0-9][a-z0-9!#$&^_.+-]{0,126}/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}");

    private ContentDisposition() {
    }

    static String attachment(String filename) {
        String name = safeName(filename);
        return "attachment; filename=\"" + asciiFallback(name) + "\"; filename*=UTF-8''" + percentEncoded(name);
    }

    /**
     * The name's last path segment, without control characters (bidirectional controls included), at most
     * {@value #MAX_FILENAME_LENGTH} characters.
     */
    static String safeName(String filename) {
        if (filename == null) {
            return FALLBACK_NAME;
        }
        String name = filename.substring(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
        StringBuilder safe = new StringBuilder();
        name.codePoints().filter(c -> !Character.isISOControl(c) && c != 0x2028 && c != 0x2029 && !Text.isBidiControl(c))
                .limit(MAX_FILENAME_LENGTH).forEach(safe::appendCodePoint);
        String trimmed = safe.toString().strip();
        return trimmed.isEmpty() || trimmed.equals(".") || trimmed.equals("..") ? FALLBACK_NAME : trimmed;
    }

    /** A media type safe to send as Content-Type, or {@code application/octet-stream}. */
    static String mediaType(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        return MEDIA_TYPE.matcher(type).matches() ? type : "application/octet-stream";
    }

    private static String asciiFallback(String name) {
        StringBuilder ascii = new StringBuilder(name.length());
        for (char c : name.toCharArray()) {
            ascii.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '%' && c != ';' ? c : '_');
        }
        return ascii.toString();
    }

    /** RFC 5987 {@code value-chars}: attr-char as is, every other UTF-8 byte as %XX. */
    private static String percentEncoded(String name) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "!#$&+-.^_`|~".indexOf(c) >= 0) {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return encoded.toString();
    }
}
