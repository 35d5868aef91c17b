package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class MailBodyTest {

    private static MailBody.Upload file(String name, String type, String base64) {
        return new MailBody.Upload(name, type, base64);
    }

    @Test
    void attachmentsAreDecodedAndTheirTypesLowerCased() {
        MailBody body = MailBody.of("Hi", null, List.of(file("a.txt", "Text/Plain",
                Base64.getEncoder().encodeToString("hello".getBytes(StandardCharsets.UTF_8)))), true);
        assertThat(body.attachments()).singleElement().satisfies(attachment -> {
            assertThat(attachment.contentType()).isEqualTo("text/plain");
            assertThat(new String(attachment.content(), StandardCharsets.UTF_8)).isEqualTo("hello");
        });
    }

    @Test
    void aBodyIsRequiredUnlessTheRequestCarriesOneOfItsOwn() {
        assertThatThrownBy(() -> MailBody.of(null, null, null, true)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("text, html or both");
        assertThat(MailBody.of(null, null, null, false).attachments()).isEmpty();
    }

    @Test
    void hostileAttachmentsAreRefusedNamingTheField() {
        assertThatThrownBy(() -> MailBody.of("x", null, List.of(file("a\r\nBcc: x@y.org", "text/plain", "aGk=")), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("attachments[0].filename");
        assertThatThrownBy(() -> MailBody.of("x", null, List.of(file("invoice\u202Efdp.exe", "text/plain", "aGk=")), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("bidirectional");
        assertThatThrownBy(() -> MailBody.of("x", null, List.of(file("a.txt", "text/plain\r\nX: y", "aGk=")), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("content_type");
        assertThatThrownBy(() -> MailBody.of("x", null, List.of(file("a.txt", "text/plain", "not base64!")), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("content_base64");
        assertThatThrownBy(() -> MailBody.of("x\u0000", null, null, true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("NUL");
        assertThatThrownBy(() -> MailBody.of("x", null, java.util.Collections.singletonList(null), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("attachments[0]");
    }

    @Test
    void moreThanTenMegabytesAsSentIsRefused() {
        String big = "A".repeat(MailBody.MAX_ENCODED_BYTES / 2 + 4);
        assertThatThrownBy(() -> MailBody.of("x", null, List.of(file("a.bin", "application/octet-stream", big),
                file("b.bin", "application/octet-stream", big)), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("larger than 10 MB");
    }
}
