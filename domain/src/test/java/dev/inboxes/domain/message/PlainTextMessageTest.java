package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class PlainTextMessageTest {

    private static final Instant AT = Instant.parse("2026-11-29T21:48:33Z");

    @Test
    void shortAsciiTextStaysReadable() {
        String raw = compose("Hello", "Line one\nLine two");
        assertThat(raw).isEqualTo("""
                Date: Sun, 29 Nov 2026 21:48:33 +0000\r
                From: alice@example.com\r
                To: bot@inboxes.test\r
                Subject: Hello\r
                Message-ID: <msg_1@inboxes.test>\r
                MIME-Version: 1.0\r
                Content-Type: text/plain; charset=UTF-8\r
                Content-Transfer-Encoding: 7bit\r
                \r
                Line one\r
                Line two\r
                """);
    }

    @Test
    void unicodeIsEncodedWordsAndBase64WithoutSplittingCharacters() {
        String subject = "Grüße 👋 " + "日本語".repeat(20);
        String raw = compose(subject, "Café");
        String header = raw.substring(raw.indexOf("Subject: ") + 9, raw.indexOf("\r\nMessage-ID"));
        StringBuilder decoded = new StringBuilder();
        for (String word : header.split("\r\n ")) {
            assertThat(word).startsWith("=?UTF-8?B?").endsWith("?=").hasSizeLessThanOrEqualTo(75);
            decoded.append(new String(Base64.getDecoder().decode(word.substring(10, word.length() - 2)),
                    StandardCharsets.UTF_8));
        }
        assertThat(decoded.toString()).isEqualTo(subject);
        assertThat(raw).contains("Content-Transfer-Encoding: base64\r\n\r\n"
                + Base64.getEncoder().encodeToString("Café".getBytes(StandardCharsets.UTF_8)) + "\r\n");
        assertThat(compose("=?fake?=", "x")).contains("Subject: =?UTF-8?B?");
    }

    private static String compose(String subject, String text) {
        return new String(PlainTextMessage.compose("alice@example.com", "bot@inboxes.test", subject, text,
                "<msg_1@inboxes.test>", AT), StandardCharsets.US_ASCII);
    }
}
