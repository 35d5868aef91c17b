package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.smtp.out.DkimCheck;
import dev.inboxes.smtp.out.InMemorySigningKeys;
import dev.inboxes.smtp.out.MimeComposer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.james.jdkim.api.SignatureRecord;
import org.junit.jupiter.api.Test;

/** Outbound mail written, signed, and read back by the receiver's own MIME reader and an independent DKIM verifier. */
class MimeComposerTest {

    /** A minute ago: a verifier refuses a signature time in its future. */
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);
    private static final String FORWARDED = "From: carol@example.com\r\nTo: support-bot@inboxes.test\r\n"
            + "Subject: The original\r\nMessage-ID: <original@example.com>\r\n\r\nThe original text.\r\n";

    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    private final MimeComposer composer = new MimeComposer(keys, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aTextMessageKeepsItsHeadersAndVerifies() throws Exception {
        byte[] raw = composer.compose(mail("Grüße aus Köln", "Hello,\nthe order is on its way.\n", null,
                List.of(), null));

        MessageContent read = MimeReader.read(raw, "", List.of());
        assertThat(read.from()).isEqualTo("support-bot@inboxes.test");
        assertThat(read.fromName()).isEqualTo("Support Bøt");
        assertThat(read.to()).isEqualTo("alice@example.com");
        assertThat(read.cc()).isEqualTo("bob@example.com");
        assertThat(read.replyTo()).isEqualTo("orders@inboxes.test");
        assertThat(read.subject()).isEqualTo("Grüße aus Köln");
        assertThat(read.sentAt()).isEqualTo(NOW);
        assertThat(read.messageIdHeader()).isEqualTo("<out-1@inboxes.test>");
        assertThat(read.inReplyTo()).isEqualTo("<q2@example.com>");
        assertThat(read.references()).containsExactly("<q1@example.com>", "<q2@example.com>");
        assertThat(read.text()).isEqualTo("Hello,\nthe order is on its way.");
        assertThat(read.html()).isNull();
        assertThat(read.attachments()).isEmpty();
        String text = new String(raw, StandardCharsets.UTF_8);
        assertThat(text).contains("Content-Type: text/plain; charset=UTF-8").contains("MIME-Version: 1.0")
                .contains("Subject: =?UTF-8?").contains("From: =?UTF-8?");
        assertWireSafe(raw);

        SignatureRecord signature = DkimCheck.verify(raw, onlyKey()).get(0);
        assertThat(signature.getDToken()).hasToString("inboxes.test");
        assertThat(signature.getSelector()).hasToString(onlyKey().selector());
        assertThat(signature.getHeaderCanonicalisationMethod()).hasToString("relaxed");
        assertThat(signature.getBodyCanonicalisationMethod()).hasToString("relaxed");
        assertThat(signature.getHeaders()).extracting(CharSequence::toString).containsExactly("From", "To", "Cc",
                "Subject", "Date", "Message-ID", "In-Reply-To", "References", "MIME-Version", "Content-Type");
    }

    @Test
    void htmlAttachmentsAndAForwardedMessageSurvive() throws Exception {
        byte[] pdf = {'%', 'P', 'D', 'F', 0, (byte) 0xff, '\n', 1, 2, 3};
        byte[] csv = "a,b\nc,d\n".getBytes(StandardCharsets.US_ASCII);
        byte[] raw = composer.compose(mail("Invoice", "See the invoice.", "<p>See the <b>invoice</b>.</p>",
                List.of(new NewAttachment("invoice.pdf", "application/pdf", null, false, pdf),
                        new NewAttachment("rows.csv", "text/csv", null, false, csv)),
                FORWARDED.getBytes(StandardCharsets.US_ASCII)));

        MessageContent read = MimeReader.read(raw, "", List.of());
        assertThat(read.subject()).isEqualTo("Invoice");
        assertThat(read.text()).isEqualTo("See the invoice.");
        assertThat(read.html()).isEqualTo("<p>See the <b>invoice</b>.</p>");
        assertThat(read.attachments()).extracting(NewAttachment::filename, NewAttachment::contentType)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("invoice.pdf", "application/pdf"),
                        org.assertj.core.groups.Tuple.tuple("rows.csv", "text/csv"),
                        org.assertj.core.groups.Tuple.tuple("forwarded-message.eml", "message/rfc822"));
        assertThat(read.attachments().get(0).content()).isEqualTo(pdf);
        assertThat(read.attachments().get(1).content()).isEqualTo(csv);
        assertThat(new String(read.attachments().get(2).content(), StandardCharsets.US_ASCII)).isEqualTo(FORWARDED);
        String text = new String(raw, StandardCharsets.US_ASCII);
        assertThat(text).contains("multipart/mixed").contains("multipart/alternative");
        assertWireSafe(raw);
        assertThat(DkimCheck.verifies(raw, onlyKey())).isTrue();
    }

    @Test
    void anEightBitForwardedMessageGoesAsBase64AndComesBackWhole() throws Exception {
        String original = "From: carol@example.com\nSubject: Käse\nContent-Type: text/plain; charset=UTF-8\n"
                + "Content-Transfer-Encoding: 8bit\n\nKäse und Brot.\n";
        byte[] raw = composer.compose(mail("Fwd: Käse", null, "<p>FYI</p>", List.of(),
                original.getBytes(StandardCharsets.UTF_8)));

        MessageContent read = MimeReader.read(raw, "", List.of());
        assertThat(read.html()).isEqualTo("<p>FYI</p>");
        assertThat(read.attachments()).singleElement().satisfies(forwarded -> {
            assertThat(forwarded.contentType()).isEqualTo("message/rfc822");
            assertThat(new String(forwarded.content(), StandardCharsets.UTF_8))
                    .isEqualTo(original.replace("\n", "\r\n"));
        });
        assertWireSafe(raw);
        assertThat(DkimCheck.verifies(raw, onlyKey())).isTrue();
    }

    @Test
    void longLinesManyReferencesAndNonAsciiNamesStayWithinTheLineLimit() throws Exception {
        String subject = "Überweisung für die Rechnung Nr. 1042 – bitte prüfen ".repeat(5).trim();
        String longLine = "x".repeat(2500);
        List<String> references = java.util.stream.IntStream.range(0, 20)
                .mapToObj(i -> "<thread-" + i + "-0123456789abcdef@mail.example.com>").toList();
        OutgoingMail mail = new OutgoingMail("support-bot@inboxes.test", "Ünïcödé Support", List.of("alice@example.com"),
                List.of(), List.of(), null, subject, "Kurz.\n" + longLine + "\nEnde.", null,
                List.of(new NewAttachment("Rechnung März.pdf", "application/pdf", null, false, new byte[] {1, 2})),
                null, "<out-3@inboxes.test>", references.get(19), references, NOW);

        byte[] raw = composer.compose(mail);

        assertWireSafe(raw);
        MessageContent read = MimeReader.read(raw, "", List.of());
        assertThat(read.subject()).isEqualTo(subject);
        assertThat(read.fromName()).isEqualTo("Ünïcödé Support");
        assertThat(read.text()).isEqualTo("Kurz.\n" + longLine + "\nEnde.");
        assertThat(read.references()).isEqualTo(references);
        assertThat(read.attachments()).singleElement().extracting(NewAttachment::filename)
                .isEqualTo("Rechnung März.pdf");
        assertThat(DkimCheck.verifies(raw, onlyKey())).isTrue();
    }

    @Test
    void bccIsNeverWritten() {
        byte[] raw = composer.compose(mail("Hi", "Hi.", null, List.of(), null));

        assertWireSafe(raw);
        assertThat(new String(raw, StandardCharsets.UTF_8)).doesNotContainIgnoringCase("bcc")
                .doesNotContain("hidden@example.net");
    }

    @Test
    void absentFieldsAreNotSigned() throws Exception {
        OutgoingMail plain = new OutgoingMail("support-bot@inboxes.test", null, List.of("alice@example.com"),
                List.of(), List.of(), null, "Hi", "Hi.", null, List.of(), null, "<out-2@inboxes.test>", null,
                List.of(), NOW);
        byte[] raw = composer.compose(plain);

        assertThat(DkimCheck.verify(raw, onlyKey()).get(0).getHeaders()).extracting(CharSequence::toString)
                .containsExactly("From", "To", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type");
        assertThat(MimeReader.read(raw, "", List.of()).fromName()).isNull();
    }

    @Test
    void aChangedHeaderOrBodyByteFailsVerification() throws Exception {
        byte[] raw = composer.compose(mail("Invoice 1042", "Pay 10 EUR.", null, List.of(), null));
        assertThat(DkimCheck.verifies(raw, onlyKey())).isTrue();

        byte[] subjectChanged = replaceOnce(raw, "Invoice 1042", "Invoice 1043");
        byte[] bodyChanged = replaceOnce(raw, "Pay 10 EUR.", "Pay 90 EUR.");

        assertThatThrownBy(() -> DkimCheck.verify(subjectChanged, onlyKey())).isInstanceOf(Exception.class);
        assertThatThrownBy(() -> DkimCheck.verify(bodyChanged, onlyKey())).isInstanceOf(Exception.class);
    }

    @Test
    void theKeyIsMadeOnceAndKeptInMemory() {
        composer.compose(mail("One", "1", null, List.of(), null));
        int readsAfterFirst = keys.reads();
        composer.compose(mail("Two", "2", null, List.of(), null));

        assertThat(keys.all()).hasSize(1);
        assertThat(keys.reads()).isEqualTo(readsAfterFirst);
    }

    private SigningKey onlyKey() {
        assertThat(keys.all()).hasSize(1);
        return keys.all().get(0);
    }

    private static OutgoingMail mail(String subject, String text, String html, List<NewAttachment> attachments,
                                     byte[] forwarded) {
        return new OutgoingMail("support-bot@inboxes.test", "Support Bøt", List.of("alice@example.com"),
                List.of("bob@example.com"), List.of("hidden@example.net"), "orders@inboxes.test", subject, text, html,
                attachments, forwarded, "<out-1@inboxes.test>", "<q2@example.com>",
                List.of("<q1@example.com>", "<q2@example.com>"), NOW);
    }

    /** CRLF line ends only, the last line's too, and no line longer than SMTP allows. */
    static void assertWireSafe(byte[] raw) {
        assertThat(new String(raw, StandardCharsets.ISO_8859_1)).endsWith("\r\n");
        int lineLength = 0;
        for (int i = 0; i < raw.length; i++) {
            if (raw[i] == '\n') {
                assertThat(i > 0 && raw[i - 1] == '\r').as("LF at %d follows a CR", i).isTrue();
                lineLength = 0;
            } else {
                assertThat(raw[i] != '\r' || i + 1 < raw.length && raw[i + 1] == '\n').as("CR at %d", i).isTrue();
                assertThat(++lineLength).isLessThanOrEqualTo(998);
            }
        }
    }

    private static byte[] replaceOnce(byte[] raw, String from, String to) {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        assertThat(text).contains(from);
        return text.replaceFirst(java.util.regex.Pattern.quote(from), to).getBytes(StandardCharsets.ISO_8859_1);
    }
}
