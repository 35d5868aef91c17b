package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A server that makes no progress must end the walk with PagingException, never an endless loop. */
@Timeout(30) // a loop that never ends fails; a loaded machine does not
class PagingLoopTest {

    private static StubReply pageWithCursor(int item, String cursor) {
        return StubReply.ok(Fixtures.pageJson(List.of(Fixtures.inboxJson(item)), cursor, true, null));
    }

    @Test
    void theSameCursorAgainThrowsPagingException() throws Exception {
        try (StubServer stub = StubServer.start(request -> pageWithCursor(request.index(), "same"))) {
            assertThatThrownBy(() -> stub.client().listInboxes())
                    .isExactlyInstanceOf(PagingException.class)
                    .isInstanceOf(InboxesException.class)
                    .hasMessageContaining("already followed")
                    .hasMessageContaining("same");
            assertThat(stub.requests()).hasSize(2);
        }
    }

    @Test
    void aCursorCycleIsDetectedToo() throws Exception {
        String[] cycle = {"c1", "c2", "c3", "c1"};
        try (StubServer stub = StubServer.start(
                request -> pageWithCursor(request.index(), cycle[request.index() % 4]))) {
            assertThatThrownBy(() -> stub.client().iterateMessages("inb_1", null).stream().count())
                    .isExactlyInstanceOf(PagingException.class);
            assertThat(stub.requests()).hasSize(4);
        }
    }

    @Test
    void hasMoreWithoutCursorThrowsPagingException() throws Exception {
        try (StubServer stub = StubServer.replying(pageWithCursor(0, null))) {
            assertThatThrownBy(() -> stub.client().listInboxes())
                    .isExactlyInstanceOf(PagingException.class)
                    .hasMessageContaining("has_more=true but has no cursor");
            assertThat(stub.requests()).hasSize(1);
            assertThat(new PagingException("x").statusCode()).isEqualTo(-1);
        }
    }

    @Test
    void hasMoreWithABlankCursorThrowsPagingException() throws Exception {
        try (StubServer stub = StubServer.replying(pageWithCursor(0, "  "))) {
            assertThatThrownBy(() -> stub.client().listInboxes()).isExactlyInstanceOf(PagingException.class);
        }
    }

    @Test
    void itemsBeforeTheFaultyPageAreDeliveredAndTheWalkEnds() throws Exception {
        try (StubServer stub = StubServer.start(request -> pageWithCursor(request.index(), "same"))) {
            List<String> seen = new ArrayList<>();
            var iterator = stub.client().iterateInboxes(null).iterator();

            assertThatThrownBy(() -> iterator.forEachRemaining(inbox -> seen.add(inbox.id())))
                    .isInstanceOf(PagingException.class);
            assertThat(seen).containsExactly("inb_0"); // the page with the repeated cursor is not handed out
            assertThat(iterator.hasNext()).isFalse();
            assertThat(stub.requests()).hasSize(2);
        }
    }
}
