package dev.inboxes.domain.thread;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.MessageContent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThreadRulesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Re: Invoice 7|Invoice 7",
            "RE: re: Invoice 7|Invoice 7",
            "Fwd: Re: Invoice 7|Invoice 7",
            "FW:Invoice 7|Invoice 7",
            "AW: WG: Rechnung|Rechnung",
            "SV: Faktura|Faktura",
            "Re[2]: Invoice 7|Invoice 7",
            "Re(3) : Invoice 7|Invoice 7",
            "回复：发票|发票",
            "Réunion demain|Réunion demain",
            "Research: results|Research: results",
            "[list] Re: topic|[list] Re: topic",
            "Re:|''",
            "Your verification code|Your verification code"})
    void replyAndForwardPrefixesAreRemovedFromTheFront(String subject, String display) {
        assertThat(ThreadRules.displaySubject(subject)).isEqualTo(display);
    }

    @Test
    void subjectsCompareWithoutCaseAndExtraWhitespace() {
        assertThat(ThreadRules.subjectKey("Re:  Invoice   7 FOR\tYou")).isEqualTo("invoice 7 for you");
    }

    @Test
    void onlyAPrefixedReplyWithoutReferencesAndWithASenderMayJoinBySubject() {
        assertThat(ThreadRules.subjectFallback(content("a@example.com", "Re: Invoice 7", null))).hasValue("invoice 7");
        assertThat(ThreadRules.subjectFallback(content("a@example.com", "Invoice 7", null))).isEmpty();
        assertThat(ThreadRules.subjectFallback(content("a@example.com", "Re: Invoice 7", "<x@y>"))).isEmpty();
        assertThat(ThreadRules.subjectFallback(content("", "Re: Invoice 7", null))).isEmpty();
        assertThat(ThreadRules.subjectFallback(content("a@example.com", "Re: ok", null))).isEmpty();
    }

    private static MessageContent content(String from, String subject, String inReplyTo) {
        return new MessageContent(from, null, "box@example.com", null, null, subject, null, null, inReplyTo,
                List.of(), "text", null, List.of(), "raw".getBytes(StandardCharsets.UTF_8));
    }
}
