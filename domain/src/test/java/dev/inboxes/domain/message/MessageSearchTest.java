package dev.inboxes.domain.message;

import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemoryMail;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** The message list's q: rows and total honour it, and a cursor belongs to it. */
class MessageSearchTest {

    private final InMemoryMail mail = new InMemoryMail(Clock.systemUTC());
    private final MessageService service = mail.messages;
    private final Inbox inbox = mail.newInbox("search");

    private Page<Message> list(String q, int limit, String cursor) {
        return service.list(ACCOUNT, inbox.id(), MessageFilter.parse(q), PageRequest.of(limit, cursor, PageLimits.PROGRAMS));
    }

    @Test
    void rowsAndTotalAreTheMatchesAndACursorContinuesTheSameQueryWhateverTheWordOrder() {
        for (int i = 0; i < 5; i++) {
            service.record(ACCOUNT, inbox.id(), RecordMessage.of("noreply@github.com", null, "Code " + i, "Your code"));
            service.record(ACCOUNT, inbox.id(), RecordMessage.of("news@example.com", null, "News " + i, "Hello"));
        }
        Page<Message> first = list("github CODE", 3, null);
        assertThat(first.total()).hasValue(5);
        assertThat(first.items()).extracting(Message::from).containsOnly("noreply@github.com");
        Page<Message> second = list("code github", 3, first.nextCursor());
        assertThat(second.items()).hasSize(2);
        assertThat(second.total()).isEmpty();
        assertThat(second.hasMore()).isFalse();

        assertThatThrownBy(() -> list("code", 3, first.nextCursor())).isInstanceOf(CursorMismatchException.class);
        assertThatThrownBy(() -> list(null, 3, first.nextCursor())).isInstanceOf(CursorMismatchException.class);
        String unfiltered = list(null, 3, null).nextCursor();
        assertThatThrownBy(() -> list("code", 3, unfiltered)).isInstanceOf(CursorMismatchException.class);
        assertThat(service.list(ACCOUNT, inbox.id(), PageRequest.of(3, unfiltered, PageLimits.PROGRAMS)).items())
                .as("an unfiltered cursor of before still continues the unfiltered list").hasSize(3);
    }

    @Test
    void anUnknownInboxIsNotFoundEvenWithAQuery() {
        assertThatThrownBy(() -> service.list(ACCOUNT, "inb_00000000000000000000", MessageFilter.parse("x"),
                PageRequest.of(null, null, PageLimits.PROGRAMS))).isInstanceOf(NotFoundException.class);
    }
}
