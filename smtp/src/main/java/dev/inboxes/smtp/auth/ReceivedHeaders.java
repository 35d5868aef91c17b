package dev.inboxes.smtp.auth;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.james.jdkim.api.Headers;

/**
 * The header fields of a received message as the sender wrote them (folding kept, CRLF or bare LF), with where
 * each lies in the bytes, so fields can be read for DKIM and dropped from the stored copy. At most
 * {@value #MAX_FIELDS} fields are read; the header ends at the first empty line (or with the message).
 */
final class ReceivedHeaders implements Headers {

    static final int MAX_FIELDS = 1000;

    /** One field: its text without the line break that ends it, and its bytes {@code [start, end)} with it. */
    record Field(String name, String text, int start, int end) {

        /** What follows the colon, exactly as written (folding kept). */
        String rawValue() {
            return text.substring(text.indexOf(':') + 1);
        }

        /** What follows the colon, unfolded. */
        String value() {
            int colon = text.indexOf(':');
            return text.substring(colon + 1).replace("\r\n", "").replace("\n", "").trim();
        }
    }

    private final List<Field> fields;
    /** Where the body starts (after the empty line), or the message's length. */
    final int bodyStart;

    private ReceivedHeaders(List<Field> fields, int bodyStart) {
        this.fields = fields;
        this.bodyStart = bodyStart;
    }

    static ReceivedHeaders of(byte[] message) {
        List<Field> fields = new ArrayList<>();
        int at = 0;
        int fieldStart = -1;
        while (at < message.length) {
            int lineEnd = at;
            while (lineEnd < message.length && message[lineEnd] != '\n') {
                lineEnd++;
            }
            int next = Math.min(message.length, lineEnd + 1);
            int contentEnd = lineEnd > at && message[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
            if (contentEnd == at) { // the empty line: the header ends
                if (fieldStart >= 0) {
                    add(fields, message, fieldStart, at);
                }
                return new ReceivedHeaders(fields, next);
            }
            boolean continuation = message[at] == ' ' || message[at] == '\t';
            if (!continuation) {
                if (fieldStart >= 0) {
                    add(fields, message, fieldStart, at);
                }
                fieldStart = fields.size() < MAX_FIELDS ? at : -1;
            }
            at = next;
        }
        if (fieldStart >= 0) {
            add(fields, message, fieldStart, message.length);
        }
        return new ReceivedHeaders(fields, message.length);
    }

    private static void add(List<Field> fields, byte[] message, int start, int end) {
        int textEnd = end;
        if (textEnd > start && message[textEnd - 1] == '\n') {
            textEnd--;
        }
        if (textEnd > start && message[textEnd - 1] == '\r') {
            textEnd--;
        }
        String text = new String(message, start, textEnd - start, StandardCharsets.UTF_8);
        int colon = text.indexOf(':');
        if (colon <= 0) {
            return; // not a field: ignored
        }
        fields.add(new Field(text.substring(0, colon).trim(), text, start, end));
    }

    List<Field> fields() {
        return fields;
    }

    List<Field> named(String name) {
        return fields.stream().filter(field -> field.name().equalsIgnoreCase(name)).toList();
    }

    @Override
    public List<String> getFields() {
        return fields.stream().map(Field::text).toList();
    }

    @Override
    public List<String> getFields(String name) {
        return named(name).stream().map(Field::text).toList();
    }

    /** The same header without the fields given (their bytes cut out). */
    ReceivedHeaders without(List<Field> dropped) {
        List<Field> kept = new ArrayList<>(fields);
        kept.removeAll(dropped);
        return new ReceivedHeaders(kept, bodyStart);
    }

    /** The message's bytes without the fields given. */
    static byte[] cut(byte[] message, List<Field> dropped) {
        if (dropped.isEmpty()) {
            return message;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(message.length);
        int at = 0;
        for (Field field : dropped) {
            out.write(message, at, field.start() - at);
            at = field.end();
        }
        out.write(message, at, message.length - at);
        return out.toByteArray();
    }

    /**
     * The authserv-id an {@code Authentication-Results} value claims (RFC 8601 2.2): its first token, before any
     * version and {@code ;}, comments skipped; lower case.
     */
    static String authservId(String value) {
        String rest = skipComments(value).trim();
        int end = 0;
        while (end < rest.length() && rest.charAt(end) != ';' && rest.charAt(end) != ' ' && rest.charAt(end) != '\t'
                && rest.charAt(end) != '(') {
            end++;
        }
        return rest.substring(0, end).toLowerCase(Locale.ROOT);
    }

    private static String skipComments(String value) {
        String rest = value.trim();
        while (rest.startsWith("(")) {
            int depth = 0;
            int i = 0;
            for (; i < rest.length(); i++) {
                char c = rest.charAt(i);
                if (c == '\\') {
                    i++;
                } else if (c == '(') {
                    depth++;
                } else if (c == ')' && --depth == 0) {
                    break;
                }
            }
            rest = i + 1 >= rest.length() ? "" : rest.substring(i + 1).trim();
        }
        return rest;
    }

    /**
     * The domain of each address of a {@code From} value, in order ({@code null} for one without a readable domain):
     * the list is split at commas outside quotes, comments and angle brackets.
     */
    static List<String> fromDomains(String value) {
        List<String> domains = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        boolean angle = false;
        int start = 0;
        for (int i = 0; i < value.length() && domains.size() < MAX_FIELDS; i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                i++;
            } else if (quoted) {
                quoted = c != '"';
            } else if (c == '"') {
                quoted = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
            } else if (depth == 0 && c == '<') {
                angle = true;
            } else if (depth == 0 && c == '>') {
                angle = false;
            } else if (depth == 0 && !angle && c == ',') {
                domains.add(fromDomain(value.substring(start, i)));
                start = i + 1;
            }
        }
        if (start < value.length()) {
            domains.add(fromDomain(value.substring(start)));
        }
        return domains;
    }

    /**
     * The domain of the first address of a {@code From} value ({@code Name <user@domain>} or {@code user@domain}),
     * lower case, or {@code null}.
     */
    static String fromDomain(String value) {
        String address = value;
        int open = value.lastIndexOf('<');
        int close = value.lastIndexOf('>');
        if (open >= 0 && close > open) {
            address = value.substring(open + 1, close);
        } else {
            int comma = value.indexOf(',');
            address = comma > 0 ? value.substring(0, comma) : value;
            address = skipComments(address);
            int paren = address.indexOf('(');
            if (paren > 0) {
                address = address.substring(0, paren);
            }
        }
        address = address.trim();
        int at = address.lastIndexOf('@');
        if (at < 0 || at == address.length() - 1) {
            return null;
        }
        String domain = address.substring(at + 1).trim().toLowerCase(Locale.ROOT);
        if (domain.endsWith(".")) {
            domain = domain.substring(0, domain.length() - 1);
        }
        return SpfCheck.validDomain(domain) ? domain : null;
    }

    /** A DKIM-Signature's tags (names lower case, values with white space removed); a malformed list is empty. */
    static java.util.Map<String, String> tags(String value) {
        java.util.Map<String, String> tags = new java.util.LinkedHashMap<>();
        for (String part : value.split(";")) {
            int equals = part.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String name = part.substring(0, equals).trim().toLowerCase(Locale.ROOT);
            if (!tags.containsKey(name) && tags.size() < 64) {
                tags.put(name, part.substring(equals + 1).replaceAll("[ \t\r\n]", ""));
            }
        }
        return tags;
    }
}
