package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The message list's q goes out on every page, encoded, in both list forms. */
class MessageSearchParamsTest {

    @Test
    void aSearchWalkSendsItsQOnEveryPage() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedList(5, 2, Fixtures::messageJson))) {
            List<Message> messages = stub.client().iterateMessages("inb_1",
                    ListMessagesParams.builder().q("verification code").build()).toList();

            assertThat(messages).hasSize(5);
            assertThat(stub.requests()).hasSize(3).allSatisfy(request -> {
                assertThat(request.query("q")).isEqualTo("verification code");
                assertThat(request.query("limit")).isEqualTo("200");
            });
            assertThat(stub.requests()).extracting(request -> request.query("cursor")).containsExactly(null, "c1", "c2");
        }
    }

    @Test
    void aSearchPageEncodesQ() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedList(5, 2, Fixtures::messageJson))) {
            stub.client().listMessagesPage("inb_1", ListMessagesParams.builder().limit(2).cursor("c1").q("50% é&x").build());

            assertThat(stub.requests().get(0).rawQuery()).isEqualTo("limit=2&cursor=c1&q=50%25%20%C3%A9%26x");
        }
    }
}
