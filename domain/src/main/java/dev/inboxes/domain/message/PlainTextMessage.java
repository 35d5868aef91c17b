package dev.inboxes.domain.message;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Locale;

/**
 * The RFC 5322 text of a message recorded over the API, so {@code /raw} answers for it as for received mail:
 * a single {@code text/plain; charset=UTF-8} part, RFC 2047 encoded subject, base64 body when it is not short
 * 7-bit lines.
 */
final class PlainTextMessage {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEE, d MMM yyyy HH:mm:ss Z", Locale.ROOT);
    /** RFC 2047: an encoded word is at most 75 characters; 45 bytes of UTF-8 make 60 of base64. */
    private static final int ENCODED_WORD_BYTES = 45;
    private static final int MAX_7BIT_LINE = 998;

    private PlainTextMessage() {
    }

    static byte[] compose(String from, String to, String subject, String text, String messageId, Instant date) {
        StringBuilder head = new StringBuilder(256)
                .append("Date: ").append(DATE.format(date.atOffset(ZoneOffset.UTC))).append("\r\n")
                .append("From: ").append(from).append("\r\n")
                .append("To: ").append(to).append("\r\n")
                .append("Subject: ").append(encodedWords(subject)).append("\r\n")
                .append("Message-ID: ").append(messageId).append("\r\n")
                .append("MIME-Version: 1.0\r\n")
                .append("Content-Type: text/plain; charset=UTF-8\r\n");
        String body;
        if (isShort7Bit(text)) {
            head.append("Content-Transfer-Encoding: 7bit\r\n");
            body = text.replace("\r\n", "\n").replace('\r', '\n').replace("\n", "\r\n");
        } else {
            head.append("Content-Transfer-Encoding: base64\r\n");
            body = Base64.getMimeEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length() + 8);
        out.writeBytes(head.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(body.getBytes(StandardCharsets.US_ASCII));
        if (!body.endsWith("\r\n")) {
            out.writeBytes(new byte[] {'\r', '\n'});
        }
        return out.toByteArray();
    }

    /** The subject as is when it is printable ASCII, else as UTF-8 "B" encoded words that never split a character. */
    static String encodedWords(String value) {
        if (value.chars().allMatch(c -> c >= 0x20 && c < 0x7f) && !value.contains("=?")) {
            return value;
        }
        StringBuilder words = new StringBuilder();
        int start = 0;
        while (start < value.length()) {
            int end = start;
            int bytes = 0;
            while (end < value.length()) {
                int codePoint = value.codePointAt(end);
                int length = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
                if (bytes + length > ENCODED_WORD_BYTES) {
                    break;
                }
                bytes += length;
                end += Character.charCount(codePoint);
            }
            if (words.length() > 0) {
                words.append("\r\n ");
            }
            words.append("=?UTF-8?B?").append(Base64.getEncoder()
                    .encodeToString(value.substring(start, end).getBytes(StandardCharsets.UTF_8))).append("?=");
            start = end;
        }
        return words.toString();
    }

    private static boolean isShort7Bit(String text) {
        int lineLength = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x80 || c == 0) {
                return false;
            }
            lineLength = c == '\n' || c == '\r' ? 0 : lineLength + 1;
            if (lineLength > MAX_7BIT_LINE) {
                return false;
            }
        }
        return true;
    }
}
