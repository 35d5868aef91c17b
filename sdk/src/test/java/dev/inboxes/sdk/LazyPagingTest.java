package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Iterables and streams request a page only when the caller needs its items. */
@Timeout(60) // a hang fails; a loaded machine does not
class LazyPagingTest {

    @Test
    void nothingIsRequestedBeforeIterationStarts() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(6, 2))) {
            InboxesClient client = stub.client();

            AutoPagingIterable<Inbox> inboxes = client.iterateInboxes(null);
            Iterator<Inbox> iterator = inboxes.iterator();
            Stream<Inbox> stream = client.iterateInboxes(null).stream();
            Stream<Message> messages = client.iterateMessages("inb_1", null).stream();

            assertThat(stub.requests()).isEmpty();
            assertThat(iterator.hasNext()).isTrue();
            assertThat(stub.requests()).hasSize(1);
            stream.close();
            messages.close();
        }
    }

    @Test
    void theNextPageIsRequestedOnlyWhenTheCurrentOneIsUsedUp() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(5, 2))) {
            Iterator<Inbox> iterator = stub.client().iterateInboxes(null).iterator();

            assertThat(iterator.next().id()).isEqualTo("inb_0");
            assertThat(iterator.next().id()).isEqualTo("inb_1");
            assertThat(stub.requests()).hasSize(1);

            assertThat(iterator.hasNext()).isTrue();
            assertThat(stub.requests()).hasSize(2);
            assertThat(iterator.hasNext()).isTrue(); // asking again does not fetch again
            assertThat(stub.requests()).hasSize(2);
        }
    }

    @Test
    void aLimitedStreamStopsRequestingPages() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(20, 5))) {
            List<Inbox> firstThree = stub.client().iterateInboxes(null).stream().limit(3).toList();

            assertThat(firstThree).extracting(Inbox::id).containsExactly("inb_0", "inb_1", "inb_2");
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void findFirstOnAFilteredStreamReadsOnlyTheNeededPages() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(20, 5))) {
            Inbox seventh = stub.client().iterateInboxes(null).stream()
                    .filter(inbox -> inbox.id().equals("inb_7")).findFirst().orElseThrow();

            assertThat(seventh.address()).isEqualTo("user7@inboxes.test");
            assertThat(stub.requests()).hasSize(2);
        }
    }

    @Test
    void breakingOutOfAForLoopSavesTheRemainingRequests() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(20, 5))) {
            for (Inbox inbox : stub.client().iterateInboxes(null)) {
                if (inbox.id().equals("inb_4")) {
                    break;
                }
            }
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void eachIterationIsANewWalkFromTheFirstPage() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(3, 2))) {
            AutoPagingIterable<Inbox> inboxes = stub.client().iterateInboxes(null);

            assertThat(inboxes.toList()).hasSize(3);
            assertThat(inboxes.stream().count()).isEqualTo(3);
            assertThat(stub.requests()).extracting(request -> request.query("cursor"))
                    .containsExactly(null, "c1", null, "c1");
        }
    }

    @Test
    void anExhaustedIteratorThrowsNoSuchElement() throws Exception {
        try (StubServer stub = StubServer.start(Fixtures.pagedInboxes(1, 5))) {
            Iterator<Inbox> iterator = stub.client().iterateInboxes(null).iterator();
            iterator.next();

            assertThat(iterator.hasNext()).isFalse();
            assertThatThrownBy(iterator::next).isInstanceOf(NoSuchElementException.class);
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void emptyPagesThatAnnounceMoreAreSkipped() throws Exception {
        try (StubServer stub = StubServer.replying(
                StubReply.ok(Fixtures.pageJson(List.of(), "c1", true, 1L)),
                StubReply.ok(Fixtures.pageJson(List.of(Fixtures.inboxJson(1)), null, false, null)))) {
            assertThat(stub.client().listInboxes()).extracting(Inbox::id).containsExactly("inb_1");
            assertThat(stub.requests()).hasSize(2);
        }
    }
}
