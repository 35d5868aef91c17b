package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.domain.testing.InMemoryMessageStore;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The message list's q: rows and total honour it, and a cursor belongs to it. */
class MessageSearchTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";

    private final InMemoryInboxStore inboxStore = new InMemoryInboxStore();
    private final CursorCodec cursors =
            new CursorCodec(CursorKeys.of("message-search-test-secret-0123456789abcdef", List.of()));
    private final InboxService inboxes = new InboxService(inboxStore, cursors, "mail.example.com", Clock.systemUTC());
    private final MessageService service = new MessageService(new InMemoryMessageStore(inboxStore), inboxes, cursors,
            Clock.systemUTC());
    private final Inbox inbox = inboxes.create(ACCOUNT, CreateInbox.of("search", null), null).inbox();

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
