package dev.inboxes.mcp.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.BulkDeletion;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxMatches;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What a user's confirmation deletes: everything they were shown, batch after batch, up to the bound per
 * confirmation, and nothing more once the matches change; with the real inbox service over the in-memory store.
 */
class ConfirmedDeletionTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final InboxFilter ALL = InboxFilter.NONE;

    /** Deletes like the in-memory store, and once the given batch is done an inbox is created among the matches. */
    private static final class ChangingAfterBatch extends InMemoryInboxStore {

        private final AtomicInteger batches = new AtomicInteger();
        private final int changeAfter;

        ChangingAfterBatch(int changeAfter) {
            this.changeAfter = changeAfter;
        }

        @Override
        public synchronized Optional<InboxMatches> deleteMatches(String accountId, InboxFilter filter,
                InboxMatches expected, int max) {
            Optional<InboxMatches> deleted = super.deleteMatches(accountId, filter, expected, max);
            if (batches.incrementAndGet() == changeAfter) {
                add(accountId, inbox(0));
            }
            return deleted;
        }
    }

    private static Inbox inbox(int i) {
        return new Inbox(RandomIds.newId(Inbox.ID_PREFIX), "box" + RandomIds.base62(12).toLowerCase() + "@inboxes.test",
                null, Instant.parse("2026-11-28T00:00:00Z").plus(i, ChronoUnit.MICROS));
    }

    private static InboxService service(InMemoryInboxStore store, int inboxes) {
        for (int i = 0; i < inboxes; i++) {
            store.add(ACCOUNT, inbox(i));
        }
        return new InboxService(store, new CursorCodec(CursorKeys.of("confirmed-deletion-test-secret-0123456789",
                List.of())), "inboxes.test", Clock.systemUTC());
    }

    @Test
    void everyBatchTheUserConfirmedIsDeletedInOneCall() {
        InMemoryInboxStore store = new InMemoryInboxStore();
        InboxService inboxes = service(store, 2 * InboxService.BULK_DELETE_MAX + 1);
        BulkDeletion preview = inboxes.bulkDelete(ACCOUNT, ALL, null);

        ConfirmedDeletion.Outcome outcome = new ConfirmedDeletion(inboxes).delete(ACCOUNT, ALL, preview);

        assertThat(outcome.deleted()).isEqualTo(2_001);
        assertThat(outcome.remaining()).isZero();
        assertThat(outcome.changed()).isFalse();
        assertThat(store.inboxesOf(ACCOUNT)).isEmpty();
    }

    @Test
    void oneConfirmationDeletesAtMostTenBatchesAndTheRestRemains() {
        InMemoryInboxStore store = new InMemoryInboxStore();
        InboxService inboxes = service(store, (int) ConfirmedDeletion.MAX_PER_CONFIRMATION + 7);
        BulkDeletion preview = inboxes.bulkDelete(ACCOUNT, ALL, null);

        ConfirmedDeletion.Outcome outcome = new ConfirmedDeletion(inboxes).delete(ACCOUNT, ALL, preview);

        assertThat(outcome.deleted()).isEqualTo(ConfirmedDeletion.MAX_PER_CONFIRMATION);
        assertThat(outcome.remaining()).isEqualTo(7);
        assertThat(outcome.changed()).isFalse();
        assertThat(outcome.last().sample()).hasSize(InboxService.BULK_DELETE_SAMPLE);
        assertThat(store.inboxesOf(ACCOUNT)).hasSize(7);
    }

    @Test
    void whenTheMatchesChangeBetweenBatchesTheRestIsKept() {
        ChangingAfterBatch store = new ChangingAfterBatch(1);
        InboxService inboxes = service(store, InboxService.BULK_DELETE_MAX + 500);
        BulkDeletion preview = inboxes.bulkDelete(ACCOUNT, ALL, null);

        ConfirmedDeletion.Outcome outcome = new ConfirmedDeletion(inboxes).delete(ACCOUNT, ALL, preview);

        assertThat(outcome.deleted()).isEqualTo(InboxService.BULK_DELETE_MAX);
        assertThat(outcome.remaining()).isEqualTo(500);
        assertThat(outcome.changed()).isTrue();
        assertThat(store.inboxesOf(ACCOUNT)).as("the 500 confirmed and the one created meanwhile").hasSize(501);
    }

    @Test
    void whenTheMatchesChangedBeforeTheAnswerNothingIsDeleted() {
        InMemoryInboxStore store = new InMemoryInboxStore();
        InboxService inboxes = service(store, 3);
        BulkDeletion preview = inboxes.bulkDelete(ACCOUNT, ALL, null);
        store.add(ACCOUNT, inbox(9));

        ConfirmedDeletion.Outcome outcome = new ConfirmedDeletion(inboxes).delete(ACCOUNT, ALL, preview);

        assertThat(outcome.deleted()).isZero();
        assertThat(outcome.changed()).isTrue();
        assertThat(store.inboxesOf(ACCOUNT)).hasSize(4);
    }
}
