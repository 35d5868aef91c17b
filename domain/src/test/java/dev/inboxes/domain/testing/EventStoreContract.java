package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.event.EventType;
import dev.inboxes.domain.event.StreamPosition;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link EventStore} does, run against the in-memory log and the PostgreSQL store alike: a change to an
 * inbox writes its event, which the list shows newest first and the stream oldest first from any position.
 */
public abstract class EventStoreContract extends StoreContract {

    /** An inbox created through the stores' own inbox port, whose change writes the event. */
    static Inbox createdInbox(StoreContract contract, String accountId) {
        Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX), "e" + RandomIds.lowercaseAlphanumeric(15)
                + "@contract.test", null, Instant.now());
        return contract.inboxes().create(accountId, inbox, null).inbox();
    }

    /** Reads the stream from {@code from} until nothing is held back (a transaction elsewhere may still be open). */
    private List<Event> readAll(String accountId, EventFilter filter, StreamPosition from) throws InterruptedException {
        List<Event> read = new ArrayList<>();
        StreamPosition position = from;
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (true) {
            EventStore.Batch batch = events().after(accountId, filter, position, 100);
            read.addAll(batch.events());
            position = batch.position();
            if (!batch.heldBack() || System.nanoTime() > deadline) {
                return read;
            }
            if (batch.events().isEmpty()) {
                Thread.sleep(20);
            }
        }
    }

    @Test
    void aChangeWritesItsEventWhichTheListShowsNewestFirstFilteredAndToItsAccountOnly() {
        String account = newAccount();
        String other = newAccount();
        Inbox first = createdInbox(this, account);
        Inbox second = createdInbox(this, account);
        assertThat(inboxes().delete(account, second.id())).isTrue();

        var page = events().page(account, EventFilter.NONE, null, 100, true);
        List<Event> all = page.rows();

        assertThat(all).extracting(Event::type).containsExactly("inbox.deleted", "inbox.created", "inbox.created");
        assertThat(all).extracting(Event::inboxId).containsExactly(second.id(), second.id(), first.id());
        assertThat(all).allSatisfy(event -> assertThat(event.id()).startsWith(Event.ID_PREFIX));
        assertThat(page.total()).hasValue(3);
        assertThat(all.get(0).data()).contains(second.id()).contains(second.address());
        assertThat(events().page(account, new EventFilter(EventType.INBOX_CREATED, null), null, 100, false).rows())
                .extracting(Event::inboxId).containsExactly(second.id(), first.id());
        assertThat(events().page(account, new EventFilter(null, second.id()), null, 100, false).rows())
                .extracting(Event::type).containsExactly("inbox.deleted", "inbox.created");
        assertThat(events().page(account, EventFilter.NONE, all.get(0).keyset(), 1, false).rows())
                .containsExactly(all.get(1));
        assertThat(events().page(other, EventFilter.NONE, null, 100, true).rows()).isEmpty();
    }

    @Test
    void theStreamRunsOldestFirstFromNowOrFromAnEventAndOnlyInItsAccount() throws Exception {
        String account = newAccount();
        String other = newAccount();
        StreamPosition start = events().now();
        List<String> created = List.of(createdInbox(this, account).id(), createdInbox(this, account).id(),
                createdInbox(this, account).id());
        createdInbox(this, other);

        List<Event> read = readAll(account, EventFilter.NONE, start);

        assertThat(read).extracting(Event::inboxId).containsExactlyElementsOf(created);
        StreamPosition afterFirst = events().positionOf(account, read.get(0).id()).orElseThrow();
        assertThat(readAll(account, EventFilter.NONE, afterFirst)).containsExactlyElementsOf(read.subList(1, 3));
        assertThat(readAll(account, EventFilter.NONE, events().positionOf(account, read.get(2).id()).orElseThrow()))
                .isEmpty();
        assertThat(readAll(account, new EventFilter(null, created.get(1)), start)).containsExactly(read.get(1));
        EventStore.Batch one = events().after(account, EventFilter.NONE, start, 1);
        assertThat(one.events()).containsExactly(read.get(0));
        assertThat(one.heldBack()).as("more to read").isTrue();
        assertThat(one.position()).isEqualTo(afterFirst);
        assertThat(events().positionOf(other, read.get(0).id())).isEmpty();
        assertThat(events().positionOf(account, "evt_00000000000000000000")).isEmpty();
    }
}
