package dev.inboxes.smtp.out;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.james.jdkim.api.Headers;

/**
 * The header fields of a composed message exactly as written (folding kept), as the DKIM signer reads them. Reading
 * them here, rather than through jDKIM's own message class, keeps the signer off mime4j's service lookup by name.
 */
final class HeaderFields implements Headers {

    private final List<String> fields;

    private HeaderFields(List<String> fields) {
        this.fields = fields;
    }

    /** The fields of {@code message}'s header, which ends at {@code headerLength} (before the empty line). */
    static HeaderFields of(byte[] message, int headerLength) {
        List<String> fields = new ArrayList<>();
        // UTF-8: the composer writes headers in ASCII, except an internationalized address (RFC 6532).
        String header = new String(message, 0, headerLength, StandardCharsets.UTF_8);
        StringBuilder field = null;
        for (String line : header.split("\r\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            boolean continuation = line.charAt(0) == ' ' || line.charAt(0) == '\t';
            if (continuation && field != null) {
                field.append("\r\n").append(line);
            } else {
                if (field != null) {
                    fields.add(field.toString());
                }
                field = new StringBuilder(line);
            }
        }
        if (field != null) {
            fields.add(field.toString());
        }
        return new HeaderFields(fields);
    }

    /**
     * Where the header ends in {@code message}: the index of the CRLF CRLF that closes it, or the message's length
     * when it has no body.
     */
    static int headerLength(byte[] message) {
        for (int i = 0; i + 3 < message.length; i++) {
            if (message[i] == '\r' && message[i + 1] == '\n' && message[i + 2] == '\r' && message[i + 3] == '\n') {
                return i + 2; // the last field's CRLF belongs to the header
            }
        }
        return message.length;
    }

    @Override
    public List<String> getFields() {
        return List.copyOf(fields);
    }

    @Override
    public List<String> getFields(String name) {
        List<String> named = new ArrayList<>();
        for (String field : fields) {
            int colon = field.indexOf(':');
            if (colon > 0 && field.substring(0, colon).trim().equalsIgnoreCase(name)) {
                named.add(field);
            }
        }
        return named;
    }

    boolean has(String name) {
        return !getFields(name).isEmpty();
    }
}
