package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.NewAttachment;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MIME as mail clients send it, and as broken senders do: every case parses, none throws. */
class MimeReaderTest {

    private static final List<String> RECIPIENTS = List.of("support-bot@inboxes.test");

    @Test
    void aPlainMessageGivesItsHeadersAndText() {
        MessageContent content = read("""
                From: "Martin, Alice" <alice@example.com>
                To: Support bot <support-bot@inboxes.test>, bob@example.com
                Cc: carol@example.com
                Reply-To: orders@example.com
                Subject: Order #1042
                Date: Sun, 29 Nov 2026 21:48:30 +0100
                Message-ID: <order-1042@example.com>
                In-Reply-To: <first@inboxes.test>
                References: <zero@inboxes.test>
                 <first@inboxes.test>

                Hello,
                my order has not arrived.

                """);

        assertThat(content.from()).isEqualTo("alice@example.com");
        assertThat(content.fromName()).isEqualTo("Martin, Alice");
        assertThat(content.to()).isEqualTo("Support bot <support-bot@inboxes.test>, bob@example.com");
        assertThat(content.cc()).isEqualTo("carol@example.com");
        assertThat(content.replyTo()).isEqualTo("orders@example.com");
        assertThat(content.subject()).isEqualTo("Order #1042");
        assertThat(content.sentAt()).isEqualTo(Instant.parse("2026-11-29T20:48:30Z"));
        assertThat(content.messageIdHeader()).isEqualTo("<order-1042@example.com>");
        assertThat(content.inReplyTo()).isEqualTo("<first@inboxes.test>");
        assertThat(content.references()).containsExactly("<zero@inboxes.test>", "<first@inboxes.test>");
        assertThat(content.threadLinks()).containsExactly("<first@inboxes.test>", "<zero@inboxes.test>");
        assertThat(content.text()).isEqualTo("Hello,\nmy order has not arrived.");
        assertThat(content.html()).isNull();
        assertThat(content.attachments()).isEmpty();
    }

    @Test
    void encodedWordsAreDecodedInSubjectsNamesAndFileNames() {
        MessageContent content = read("""
                From: =?UTF-8?B?SsO8cmdlbiBNw7xsbGVy?= <juergen@example.de>
                To: support-bot@inboxes.test
                Subject: =?ISO-8859-1?Q?Gr=FC=DFe_aus_K=F6ln?= und
                 =?UTF-8?B?5pel5pys6Kqe?=
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary="b"

                --b
                Content-Type: text/plain; charset=utf-8

                Hallo
                --b
                Content-Type: application/pdf; name="=?UTF-8?Q?Rechnung_M=C3=A4rz.pdf?="
                Content-Transfer-Encoding: base64

                JVBERi0=
                --b
                Content-Type: application/octet-stream
                Content-Disposition: attachment; filename*=UTF-8''%E8%AB%8B%E6%B1%82%E6%9B%B8.txt

                x
                --b--
                """);

        assertThat(content.fromName()).isEqualTo("Jürgen Müller");
        assertThat(content.subject()).isEqualTo("Grüße aus Köln und 日本語");
        assertThat(content.attachments()).extracting(NewAttachment::filename).containsExactly("Rechnung März.pdf", "請求書.txt");
        assertThat(content.attachments().get(0).content()).isEqualTo("%PDF-".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void legacyCharsetsAreConverted() {
        assertThat(textOf("ISO-8859-1", "Caf\u00e9 cr\u00e8me, 5 \u00a3".getBytes(StandardCharsets.ISO_8859_1)))
                .isEqualTo("Café crème, 5 £");
        assertThat(textOf("windows-1252", new byte[] {(byte) 0x93, 'h', 'i', (byte) 0x94, ' ', (byte) 0x80}))
                .isEqualTo("“hi” €");
        assertThat(textOf("ISO-8859-15", new byte[] {(byte) 0xa4})).isEqualTo("€");
        assertThat(textOf("Shift_JIS", "こんにちは、世界".getBytes(Charset.forName("Shift_JIS")))).isEqualTo("こんにちは、世界");
        assertThat(textOf("ISO-2022-JP", "お問い合わせ".getBytes(Charset.forName("ISO-2022-JP")))).isEqualTo("お問い合わせ");
        // Latin-1 declared, Windows-1252 sent: read as the superset, as clients do.
        assertThat(textOf("iso-8859-1", new byte[] {(byte) 0x80})).isEqualTo("€");
        // No charset, or one nobody knows: UTF-8 when the bytes are UTF-8, else Windows-1252.
        assertThat(textOf(null, "Grüße".getBytes(StandardCharsets.UTF_8))).isEqualTo("Grüße");
        assertThat(textOf("x-unknown-charset", "Grüße".getBytes(StandardCharsets.ISO_8859_1))).isEqualTo("Grüße");
    }

    @Test
    void quotedPrintableAndBase64AreUndone() {
        MessageContent qp = read("""
                Subject: qp
                Content-Type: text/plain; charset=utf-8
                Content-Transfer-Encoding: quoted-printable

                Caf=C3=A9 au lait, a soft=
                 line break
                """);
        assertThat(qp.text()).isEqualTo("Café au lait, a soft line break");

        String encoded = Base64.getMimeEncoder().encodeToString("Zürich\r\n".repeat(3).getBytes(StandardCharsets.UTF_8));
        MessageContent base64 = read("Subject: b64\nContent-Type: text/plain; charset=utf-8\n"
                + "Content-Transfer-Encoding: base64\n\n" + encoded + "\n");
        assertThat(base64.text()).isEqualTo("Zürich\nZürich\nZürich");
    }

    @Test
    void alternativeKeepsBothBodiesAndHtmlOnlyGetsTextWithLinks() {
        MessageContent alternative = read("""
                Subject: alt
                Content-Type: multipart/alternative; boundary=x

                --x
                Content-Type: text/plain; charset=us-ascii

                Plain version
                --x
                Content-Type: text/html; charset=us-ascii

                <p>HTML <b>version</b></p>
                --x--
                """);
        assertThat(alternative.text()).isEqualTo("Plain version");
        assertThat(alternative.html()).contains("<b>version</b>");

        MessageContent htmlOnly = read("""
                Subject: html
                Content-Type: text/html; charset=utf-8

                <html><head><style>p{color:red}</style><script>alert(1)</script></head><body>
                <h1>Verify your address</h1><p>Your code is <b>482913</b>.</p>
                <p>Or <a href="https://example.com/verify?t=abc">click here</a> &amp; done.</p>
                <ul><li>one</li><li>two</li></ul></body></html>
                """);
        assertThat(htmlOnly.text()).isEqualTo("""
                Verify your address

                Your code is 482913.

                Or [click here](https://example.com/verify?t=abc) & done.

                - one
                - two""");
        assertThat(htmlOnly.text()).doesNotContain("<b>", "<p", "color", "alert");
    }

    @Test
    void inlineImagesAndAttachmentsAreAttachmentsWithTheirDetails() {
        MessageContent content = read("""
                Subject: related
                Content-Type: multipart/related; boundary=r

                --r
                Content-Type: text/html; charset=utf-8

                <img src="cid:logo@example.com">
                --r
                Content-Type: image/png
                Content-ID: <logo@example.com>
                Content-Transfer-Encoding: base64

                iVBORw0KGgo=
                --r
                Content-Type: text/plain; name=notes.txt
                Content-Disposition: attachment

                a text file, not the body
                --r--
                """);
        assertThat(content.text()).isEmpty();
        assertThat(content.attachments()).hasSize(2);
        NewAttachment logo = content.attachments().get(0);
        assertThat(logo.contentType()).isEqualTo("image/png");
        assertThat(logo.contentId()).isEqualTo("logo@example.com");
        assertThat(logo.inline()).isTrue();
        assertThat(logo.filename()).isNull();
        NewAttachment notes = content.attachments().get(1);
        assertThat(notes.filename()).isEqualTo("notes.txt");
        assertThat(notes.inline()).isFalse();
        assertThat(new String(notes.content(), StandardCharsets.US_ASCII)).isEqualTo("a text file, not the body");
    }

    @Test
    void malformedMessagesAreReadAsFarAsTheyGo() {
        // No header/body separator, an unterminated multipart, garbage headers, a broken base64 part, NULs.
        MessageContent broken = read("""
                Subject: =?utf-8?B?broken base64!!?= tail
                From: <<<not an address
                Date: the day after tomorrow
                Message-ID: no-brackets@example.com
                Content-Type: multipart/mixed; boundary="never-closed"
                this line is not a header

                --never-closed
                Content-Type: text/plain; charset=utf-8
                Content-Transfer-Encoding: base64

                ###not base64###
                --never-closed
                Content-Type: text/plain

                second part with a NUL \u0000 inside
                """);
        assertThat(broken.from()).isEqualTo("sender@example.com"); // the envelope sender
        assertThat(broken.sentAt()).isNull();
        assertThat(broken.messageIdHeader()).isEqualTo("<no-brackets@example.com>");
        assertThat(broken.to()).isEqualTo("support-bot@inboxes.test"); // the envelope recipients
        assertThat(broken.text()).doesNotContain("\u0000");

        MessageContent empty = MimeReader.read(new byte[0], "", RECIPIENTS);
        assertThat(empty.subject()).isEmpty();
        assertThat(empty.text()).isEmpty();
        assertThat(empty.from()).isEmpty();

        byte[] binary = new byte[4096];
        new java.util.Random(42).nextBytes(binary);
        assertThat(MimeReader.read(binary, "", RECIPIENTS).raw()).isEqualTo(binary);
    }

    /** A parse past its budget stops where it is: the raw message and the envelope's fields are what is kept. */
    @Test
    void aParsePastItsBudgetKeepsTheRawMessageAndWhatItReadSoFar() {
        StringBuilder parts = new StringBuilder("From: Ann <ann@example.com>\r\nSubject: many parts\r\n"
                + "Content-Type: multipart/mixed; boundary=b\r\n\r\n");
        for (int i = 0; i < 20_000; i++) {
            parts.append("--b\r\nContent-Type: application/octet-stream\r\n\r\npart ").append(i).append("\r\n");
        }
        byte[] raw = parts.append("--b--\r\n").toString().getBytes(StandardCharsets.US_ASCII);

        MessageContent stopped = MimeReader.read(raw, "sender@example.com", RECIPIENTS, System.nanoTime());
        assertThat(stopped.raw()).isEqualTo(raw);
        assertThat(stopped.from()).isEqualTo("sender@example.com");
        assertThat(stopped.to()).isEqualTo("support-bot@inboxes.test");
        assertThat(stopped.attachments()).isEmpty();

        MessageContent whole = MimeReader.read(raw, "sender@example.com", RECIPIENTS);
        assertThat(whole.from()).isEqualTo("ann@example.com");
        assertThat(whole.attachments()).hasSize(MimeReader.MAX_ATTACHMENTS);
    }

    @Test
    void headerFieldsAreKeptOnOneLineAndWithinBounds() {
        MessageContent content = read("Subject: tab\there =?UTF-8?Q?and_a_line_break=0Aend?=\n"
                + "References: " + "<r@x> ".repeat(500) + "<last@x>\n\nbody\n");
        assertThat(content.subject()).isEqualTo("tab here and a line break end");
        assertThat(content.references()).hasSizeLessThanOrEqualTo(MimeReader.MAX_REFERENCES).endsWith("<last@x>");
    }

    @Test
    void aMessageOfManyTinyPartsKeepsABoundedNumberOfAttachments() {
        StringBuilder message = new StringBuilder("Subject: parts\nContent-Type: multipart/mixed; boundary=p\n\n");
        for (int i = 0; i < MimeReader.MAX_ATTACHMENTS * 3; i++) {
            message.append("--p\nContent-Type: application/octet-stream\n\n").append(i).append('\n');
        }
        message.append("--p--\n");
        assertThat(read(message.toString()).attachments()).hasSize(MimeReader.MAX_ATTACHMENTS);
    }

    private static String textOf(String charset, byte[] body) {
        byte[] head = ("Subject: charset\r\nContent-Type: text/plain" + (charset == null ? "" : "; charset=" + charset)
                + "\r\nContent-Transfer-Encoding: 8bit\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] raw = new byte[head.length + body.length];
        System.arraycopy(head, 0, raw, 0, head.length);
        System.arraycopy(body, 0, raw, head.length, body.length);
        return MimeReader.read(raw, "sender@example.com", RECIPIENTS).text();
    }

    private static MessageContent read(String message) {
        return MimeReader.read(message.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8), "sender@example.com",
                RECIPIENTS);
    }

    @Test
    void unknownCharsetsStayAsWrittenAndKnownOnesDecodeBesideThem() {
        assertThat(MimeReader.decodeEncodedWords("=?zz?q?a?= =?utf-8?q?caf=C3=A9?= =?x-none?B?YQ==?="))
                .isEqualTo("=?zz?q?a?= caf\u00e9 =?x-none?B?YQ==?=");
        // A megabyte of words in an invented charset: bounded before decoding, each name looked up once.
        String flood = "=?zz?q?a?= ".repeat(100_000);
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long started = cpu.getCurrentThreadCpuTime();
        assertThat(MimeReader.decodeEncodedWords(flood)).startsWith("=?zz?q?a?= =?zz?q?a?=");
        assertThat((cpu.getCurrentThreadCpuTime() - started) / 1_000_000).as("CPU ms").isLessThan(2_000);
    }

    /** Address headers too: their names are decoded by mime4j's address parser, which looked each charset up. */
    @Test
    void floodsOfUnknownCharsetsInAddressHeadersAreBoundedToo() {
        String names = "=?zz?q?a?= ".repeat(100_000);
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long started = cpu.getCurrentThreadCpuTime();
        MessageContent content = read("From: " + names + "<ann@example.com>\nTo: " + names + "<bot@inboxes.test>, "
                + "=?zz?q?b?= <two@inboxes.test>\nCc: =?utf-8?q?Jos=C3=A9?= <jose@example.com>\n\nbody\n");
        assertThat((cpu.getCurrentThreadCpuTime() - started) / 1_000_000).as("CPU ms").isLessThan(2_000);
        assertThat(content.cc()).isEqualTo("Jos\u00e9 <jose@example.com>");
        assertThat(read("From: =?zz?q?a?= <ann@example.com>\n\nbody\n").fromName()).isEqualTo("=?zz?q?a?=");
    }

    @Test
    void tenThousandNestedMultipartsAreReadBestEffortWithoutOverflowingTheStack() {
        StringBuilder message = new StringBuilder("Subject: deep\nContent-Type: multipart/mixed; boundary=b0\n\n");
        for (int level = 1; level <= 10_000; level++) {
            message.append("--b").append(level - 1).append("\nContent-Type: multipart/mixed; boundary=b").append(level)
                    .append("\n\n");
        }
        message.append("--b10000\nContent-Type: text/plain\n\ndeep inside\n");
        byte[] raw = message.toString().replace("\n", "\r\n").getBytes(StandardCharsets.US_ASCII);
        MessageContent content = MimeReader.read(raw, "sender@example.com", List.of("to@inboxes.test"));
        assertThat(content.subject()).isEqualTo("deep");
        assertThat(content.raw()).isEqualTo(raw);
    }
}
