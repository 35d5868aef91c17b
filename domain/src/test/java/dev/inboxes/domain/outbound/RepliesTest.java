package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RepliesTest {

    @Test
    void referencesKeepTheRootAndTheLastNineteen() {
        List<String> earlier = IntStream.range(0, 30).mapToObj(i -> "<" + i + "@x.org>").toList();
        List<String> references = Replies.references(earlier, "<answered@x.org>");
        assertThat(references).hasSize(Replies.MAX_REFERENCES);
        assertThat(references.get(0)).isEqualTo("<0@x.org>");
        assertThat(references.get(references.size() - 1)).isEqualTo("<answered@x.org>");
        assertThat(references.get(1)).isEqualTo("<12@x.org>");
    }

    @Test
    void aShortChainIsKeptWholeAndTheAnsweredIdAddedOnce() {
        assertThat(Replies.references(List.of("<a@x>"), "<b@x>")).containsExactly("<a@x>", "<b@x>");
        assertThat(Replies.references(List.of("<a@x>", "<b@x>"), "<b@x>")).containsExactly("<a@x>", "<b@x>");
        assertThat(Replies.references(List.of(), null)).isEmpty();
    }

    @Test
    void subjectsGetOnePrefix() {
        assertThat(Replies.replySubject("Invoice")).isEqualTo("Re: Invoice");
        assertThat(Replies.replySubject("RE: Invoice")).isEqualTo("RE: Invoice");
        assertThat(Replies.replySubject("Rebate")).isEqualTo("Re: Rebate");
        assertThat(Replies.forwardSubject("Invoice")).isEqualTo("Fwd: Invoice");
        assertThat(Replies.forwardSubject("Fw: Invoice")).isEqualTo("Fw: Invoice");
    }
}
