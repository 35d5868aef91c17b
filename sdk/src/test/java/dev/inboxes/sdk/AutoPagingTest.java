package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** listInboxes()/listMessages(): every item, in order, one request per page, limit=200. */
@Timeout(60) // a hang fails; a loaded machine does not
class AutoPagingTest {

    @Test
    void listInboxesFollowsTheCursorThroughEveryPageWithLimit200() throws Exception {
        RecordingListener listener = new RecordingListener();
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(7, 3))) {
            List<Inbox> inboxes = stub.clientBuilder().requestListener(listener).build().listInboxes();

            assertThat(inboxes).extracting(Inbox::id)
                    .containsExactly("inb_0", "inb_1", "inb_2", "inb_3", "inb_4", "inb_5", "inb_6");
            assertThat(stub.requests()).hasSize(3);
            assertThat(stub.requests()).allSatisfy(request -> {
                assertThat(request.method()).isEqualTo("GET");
                assertThat(request.path()).isEqualTo("/v1/inboxes");
                assertThat(request.query("limit")).isEqualTo("200");
            });
            assertThat(stub.requests()).extracting(request -> request.query("cursor"))
                    .containsExactly(null, "c1", "c2");
            assertThat(listener.statuses()).containsExactly(200, 200, 200);
        }
    }

    @Test
    void totalIsPresentOnTheFirstPageOnly() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(3, 2))) {
            InboxesClient client = stub.client();

            Page<Inbox> first = client.listInboxesPage(ListInboxesParams.builder().limit(2).build());
            Page<Inbox> last = client.listInboxesPage(
                    ListInboxesParams.builder().limit(2).cursor(first.cursor()).build());

            assertThat(first.total()).isEqualTo(OptionalLong.of(3));
            assertThat(first.hasMore()).isTrue();
            assertThat(first.cursor()).isEqualTo("c1");
            assertThat(first.data()).hasSize(2);
            assertThat(last.total()).isEmpty();
            assertThat(last.hasMore()).isFalse();
            assertThat(last.cursor()).isNull();
            assertThat(last.data()).extracting(Inbox::id).containsExactly("inb_2");
            assertThat(stub.requests().get(1).query("cursor")).isEqualTo("c1");
        }
    }

    @Test
    void listInboxesSendsTheSameFiltersWithEveryPage() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(5, 2))) {
            Instant after = Instant.parse("2026-01-01T00:00:00Z");
            ListInboxesParams filters = ListInboxesParams.builder().q("bot").createdAfter(after).build();

            assertThat(stub.client().iterateInboxes(filters).toList()).hasSize(5);

            assertThat(stub.requests()).hasSize(3).allSatisfy(request -> {
                assertThat(request.query("q")).isEqualTo("bot");
                assertThat(request.query("created_after")).isEqualTo("2026-01-01T00:00:00Z");
                assertThat(request.query("limit")).isEqualTo("200");
            });
        }
    }

    @Test
    void aLimitInTheFiltersOverridesTheDefaultPageSize() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(2, 1))) {
            stub.client().iterateInboxes(ListInboxesParams.builder().limit(50).build()).toList();

            assertThat(stub.requests()).extracting(request -> request.query("limit")).containsExactly("50", "50");
        }
    }

    @Test
    void autoPagingRefusesACursorBeforeAnyRequest() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(2, 1))) {
            ListInboxesParams withCursor = ListInboxesParams.builder().cursor("c1").build();

            assertThatThrownBy(() -> stub.client().iterateInboxes(withCursor).toList())
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("page call");
            assertThat(stub.requests()).isEmpty();
        }
    }

    @Test
    void anEmptyListIsOneRequest() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(0, 10))) {
            assertThat(stub.client().listInboxes()).isEmpty();
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void listMessagesFollowsTheCursorWithTheSameCode() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedList(5, 2, Fixtures::messageJson))) {
            List<Message> messages = stub.client().listMessages("inb_1");

            assertThat(messages).extracting(Message::id)
                    .containsExactlyElementsOf(IntStream.range(0, 5).mapToObj(n -> "msg_" + n).toList());
            assertThat(stub.requests()).hasSize(3).allSatisfy(request -> {
                assertThat(request.path()).isEqualTo("/v1/inboxes/inb_1/messages");
                assertThat(request.query("limit")).isEqualTo("200");
            });
            assertThat(stub.requests()).extracting(request -> request.query("cursor"))
                    .containsExactly(null, "c1", "c2");
        }
    }

    @Test
    void theMessageWalksPageSizeCanBeSetLikeTheInboxWalks() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedList(5, 2, Fixtures::messageJson))) {
            List<Message> messages = stub.client().iterateMessages("inb_1", ListMessagesParams.builder().limit(2).build())
                    .toList();

            assertThat(messages).hasSize(5);
            assertThat(stub.requests()).extracting(request -> request.query("limit")).containsOnly("2");
            assertThatThrownBy(() -> stub.client().iterateMessages("inb_1",
                    ListMessagesParams.builder().cursor("c1").build())).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void listMessagesPageSendsLimitAndCursor() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedList(5, 2, Fixtures::messageJson))) {
            Page<Message> page = stub.client().listMessagesPage("inb_1",
                    ListMessagesParams.builder().limit(2).cursor("c1").build());

            assertThat(page.data()).extracting(Message::id).containsExactly("msg_2", "msg_3");
            assertThat(page.total()).isEmpty();
            assertThat(stub.requests().get(0).rawQuery()).isEqualTo("limit=2&cursor=c1");
        }
    }
}
