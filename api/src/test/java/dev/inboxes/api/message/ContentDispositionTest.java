package dev.inboxes.api.message;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContentDispositionTest {

    @Test
    void plainNamesAreKeptAndUnicodeGoesToFilenameStar() {
        assertThat(ContentDisposition.attachment("report.pdf"))
                .isEqualTo("attachment; filename=\"report.pdf\"; filename*=UTF-8''report.pdf");
        assertThat(ContentDisposition.attachment("Rechnung März.pdf"))
                .isEqualTo("attachment; filename=\"Rechnung M_rz.pdf\"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf");
        assertThat(ContentDisposition.attachment(null)).isEqualTo("attachment; filename=\"attachment\"; filename*=UTF-8''attachment");
    }

    @Test
    void hostileNamesCannotEndTheHeaderOrNameAPath() {
        String header = ContentDisposition.attachment("..\\..\\x/../../etc/passwd\r\nSet-Cookie: a=\"b\"; c\u0000.html");
        assertThat(header).doesNotContain("\r", "\n", "\u0000", "/", "\\").startsWith("attachment; filename=\"");
        String fallback = header.substring("attachment; filename=\"".length(), header.indexOf("\"; filename*="));
        assertThat(fallback).doesNotContain("\"", ";", "%");
        assertThat(ContentDisposition.attachment("..")).contains("filename=\"attachment\"");
        assertThat(ContentDisposition.safeName("x".repeat(1_000))).hasSize(ContentDisposition.MAX_FILENAME_LENGTH);
    }

    @Test
    void onlyWellFormedMediaTypesAreSent() {
        assertThat(ContentDisposition.mediaType("application/pdf")).isEqualTo("application/pdf");
        assertThat(ContentDisposition.mediaType("IMAGE/PNG")).isEqualTo("image/png");
        for (String bad : new String[] {null, "", "text", "text/html\r\nX: y", "a/b; charset=x", "../../x"}) {
            assertThat(ContentDisposition.mediaType(bad)).as(bad).isEqualTo("application/octet-stream");
        }
    }
}
