package dev.inboxes.api.paging;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class PageResponsesTest {

    @Test
    void theNextLinkKeepsEveryParameterAsSentAndReplacesTheCursor() {
        URI request = URI.create("http://localhost:8080/v1/inboxes?limit=5&q=sales%20desk&cursor=OLD"
                + "&created_after=2026-11-29T10%3A00%3A00%2B01%3A00");
        assertThat(PageResponses.nextPage(request, "NEW")).isEqualTo("http://localhost:8080/v1/inboxes?limit=5"
                + "&q=sales%20desk&created_after=2026-11-29T10%3A00%3A00%2B01%3A00&cursor=NEW");
    }

    @Test
    void aRequestWithoutQueryGetsOnlyTheCursor() {
        assertThat(PageResponses.nextPage(URI.create("https://api.example.com/v1/inboxes/inb_1/messages"), "C-_1"))
                .isEqualTo("https://api.example.com/v1/inboxes/inb_1/messages?cursor=C-_1");
    }

    @Test
    void anEmptyCursorParameterIsDropped() {
        assertThat(PageResponses.nextPage(URI.create("http://h:1/v1/inboxes?cursor&limit=2&cursor="), "X"))
                .isEqualTo("http://h:1/v1/inboxes?limit=2&cursor=X");
    }
}
