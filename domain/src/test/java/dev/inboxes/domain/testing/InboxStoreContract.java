package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.AddressTakenException;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.CreatedInbox;
import dev.inboxes.domain.inbox.IdempotencyKey;
import dev.inboxes.domain.inbox.IdempotencyKeyReusedException;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxMatches;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What every {@link InboxStore} does, run against the in-memory store of the domain tests and the PostgreSQL
 * store of the persistence tests, so the fake the domain is tested with behaves like the real thing.
 */
public abstract class InboxStoreContract extends StoreContract {

    /** A microsecond instant, as stored. */
    protected static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    protected InboxStore store() {
        return inboxes();
    }

    protected static Inbox inbox(String displayName, Instant createdAt) {
        return inbox(RandomIds.newId(Inbox.ID_PREFIX), displayName, createdAt);
    }

    protected static Inbox inbox(String id, String displayName, Instant createdAt) {
        return new Inbox(id, "c" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", displayName, createdAt);
    }

    private Inbox created(String accountId, Inbox inbox) {
        return store().create(accountId, inbox, null).inbox();
    }

    private List<Inbox> all(String accountId, InboxFilter filter) {
        return store().page(accountId, filter, null, 1_000, false).rows();
    }

    @Test
    void aCreatedInboxIsFoundAsCreatedInItsAccountOnly() {
        String account = newAccount();
        Inbox inbox = inbox("Support", T0);

        CreatedInbox result = store().create(account, inbox, null);

        assertThat(result).isEqualTo(new CreatedInbox(inbox, false));
        assertThat(store().find(account, inbox.id())).contains(inbox);
        assertThat(store().find(newAccount(), inbox.id())).isEmpty();
    }

    @Test
    void anInboxWithoutADisplayNameKeepsTheNull() {
        String account = newAccount();
        Inbox inbox = created(account, inbox(null, T0));

        assertThat(store().find(account, inbox.id()).orElseThrow().displayName()).isNull();
    }

    @Test
    void deleteRemovesTheInboxOnceAndOnlyFromItsOwnAccount() {
        String account = newAccount();
        Inbox inbox = created(account, inbox("Support", T0));

        assertThat(store().delete(newAccount(), inbox.id())).isFalse();
        assertThat(store().find(account, inbox.id())).isPresent();
        assertThat(store().delete(account, inbox.id())).isTrue();
        assertThat(store().delete(account, inbox.id())).isFalse();
        assertThat(store().find(account, inbox.id())).isEmpty();
    }

    @Test
    void anAddressIsTakenAcrossAccounts() {
        Inbox first = created(newAccount(), inbox("First", T0));
        Inbox sameAddress = new Inbox(RandomIds.newId(Inbox.ID_PREFIX), first.address(), null, T0);
        String other = newAccount();

        assertThatThrownBy(() -> store().create(other, sameAddress, null)).isInstanceOf(AddressTakenException.class);
        assertThat(all(other, InboxFilter.NONE)).isEmpty();
    }

    @Test
    void aRepeatedIdempotencyKeyReturnsTheFirstInboxAndStoresNothing() {
        String account = newAccount();
        IdempotencyKey key = key(CreateInbox.of(null, "Support"));
        Inbox first = inbox("Support", T0);

        store().create(account, first, key);
        CreatedInbox replay = store().create(account, inbox("Support", T0.plusSeconds(1)), key);

        assertThat(replay).isEqualTo(new CreatedInbox(first, true));
        assertThat(all(account, InboxFilter.NONE)).containsExactly(first);
    }

    @Test
    void aReplayOutlivesTheInboxItCreated() {
        String account = newAccount();
        IdempotencyKey key = key(CreateInbox.of(null, null));
        Inbox first = inbox(null, T0);
        store().create(account, first, key);
        store().delete(account, first.id());

        assertThat(store().create(account, inbox(null, T0), key)).isEqualTo(new CreatedInbox(first, true));
    }

    @Test
    void anIdempotencyKeyExpiresAfterItsRetentionAndThenCreatesAgain() {
        String account = newAccount();
        IdempotencyKey key = key(CreateInbox.of(null, "Support"));
        Inbox first = inbox("Support", T0);
        store().create(account, first, key);

        Inbox atTheLastMoment = inbox("Support", T0.plus(IdempotencyKey.RETENTION));
        Inbox afterIt = inbox("Support", T0.plus(IdempotencyKey.RETENTION).plus(1, ChronoUnit.MICROS));
        assertThat(store().create(account, atTheLastMoment, key)).isEqualTo(new CreatedInbox(first, true));
        assertThat(store().create(account, afterIt, key)).isEqualTo(new CreatedInbox(afterIt, false));
        assertThat(store().create(account, inbox("Support", afterIt.createdAt().plusSeconds(1)), key))
                .as("the key now replays the second inbox").isEqualTo(new CreatedInbox(afterIt, true));
        assertThat(all(account, InboxFilter.NONE)).containsExactlyInAnyOrder(first, afterIt);
    }

    @Test
    void aKeyReusedWithAnotherRequestIsRefused() {
        String account = newAccount();
        String key = uniqueKey();
        store().create(account, inbox("Support", T0), IdempotencyKey.of(key, CreateInbox.of(null, "Support")));

        assertThatThrownBy(() -> store().create(account, inbox("Sales", T0),
                IdempotencyKey.of(key, CreateInbox.of(null, "Sales")))).isInstanceOf(IdempotencyKeyReusedException.class);
    }

    @Test
    void idempotencyKeysBelongToOneAccount() {
        IdempotencyKey key = key(CreateInbox.of(null, null));
        String other = newAccount();
        store().create(newAccount(), inbox(null, T0), key);
        Inbox second = inbox(null, T0);

        assertThat(store().create(other, second, key)).isEqualTo(new CreatedInbox(second, false));
    }

    @Test
    void pagesAreNewestFirstWithTiesBrokenByIdInByteOrder() {
        String account = newAccount();
        List<Inbox> inboxes = new ArrayList<>();
        // Same instant, ids differing in case only where byte order and alphabetical order disagree.
        for (String suffix : List.of("AAAAAAAAAAAAAAAAAAAA", "aAAAAAAAAAAAAAAAAAAA", "ZAAAAAAAAAAAAAAAAAAA",
                "0AAAAAAAAAAAAAAAAAAA")) {
            inboxes.add(created(account, inbox(Inbox.ID_PREFIX + suffix, null, T0)));
        }
        inboxes.add(created(account, inbox(null, T0.plus(1, ChronoUnit.MICROS))));
        inboxes.add(created(account, inbox(null, T0.minus(1, ChronoUnit.MICROS))));

        assertThat(all(account, InboxFilter.NONE))
                .containsExactlyElementsOf(inboxes.stream().sorted(ListOrder.rows()).toList());
    }

    @Test
    void aPageContinuesStrictlyAfterTheKeysetWithAtMostFetchSizeRows() {
        String account = newAccount();
        List<Inbox> inOrder = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            inOrder.add(created(account, inbox(null, T0.plus(i % 3, ChronoUnit.MICROS))));
        }
        inOrder.sort(ListOrder.rows());

        Slice<Inbox> slice = store().page(account, InboxFilter.NONE, inOrder.get(2).keyset(), 3, false);

        assertThat(slice.rows()).containsExactlyElementsOf(inOrder.subList(3, 6));
        assertThat(slice.total()).isEmpty();
    }

    @Test
    void theTotalCountsEveryMatchNotOnlyThePage() {
        String account = newAccount();
        for (int i = 0; i < 5; i++) {
            created(account, inbox(i % 2 == 0 ? "Sales desk" : "Agent", T0.plus(i, ChronoUnit.MICROS)));
        }
        created(newAccount(), inbox("Sales desk", T0));

        assertThat(store().page(account, InboxFilter.NONE, null, 2, true).total()).hasValue(5);
        assertThat(store().page(account, InboxFilter.of("sales", null, null), null, 2, true).total()).hasValue(3);
        assertThat(store().page(newAccount(), InboxFilter.NONE, null, 2, true).total()).hasValue(0);
    }

    @Test
    void aFilteredTotalCountsUpToTheBoundAndSaysWhenItStopped() {
        long bound = totalExactUpTo();
        String account = newAccount();
        for (int i = 0; i < bound + 2; i++) {
            created(account, inbox("Sales desk " + i, T0.plus(i, ChronoUnit.MICROS)));
        }
        String exactlyBound = newAccount();
        for (int i = 0; i < bound; i++) {
            created(exactlyBound, inbox("Sales desk " + i, T0.plus(i, ChronoUnit.MICROS)));
        }
        InboxFilter sales = InboxFilter.of("sales", null, null);

        Slice<Inbox> over = store().page(account, sales, null, 2, true);
        assertThat(over.total()).hasValue(bound);
        assertThat(over.totalExact()).isFalse();
        assertThat(over.rows()).hasSize(2);
        Slice<Inbox> atBound = store().page(exactlyBound, sales, null, 2, true);
        assertThat(atBound.total()).hasValue(bound);
        assertThat(atBound.totalExact()).isTrue();
        Slice<Inbox> unfiltered = store().page(account, InboxFilter.NONE, null, 2, true);
        assertThat(unfiltered.total()).as("unfiltered totals are always exact").hasValue(bound + 2);
        assertThat(unfiltered.totalExact()).isTrue();
    }

    @Test
    void qFindsASubstringOfTheAddressOrTheDisplayNameWhateverTheCase() {
        String account = newAccount();
        Inbox byName = created(account, inbox("Quarterly REPORTS", T0));
        Inbox byAddress = created(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "reports-" + RandomIds.lowercaseAlphanumeric(8) + "@contract.test", null, T0.plusSeconds(1)));
        created(account, inbox("Other", T0.plusSeconds(2)));

        assertThat(all(account, InboxFilter.of("Reports", null, null))).containsExactly(byAddress, byName);
    }

    @Test
    void qWithSeveralWordsFindsInboxesContainingEveryWordInEitherField() {
        String account = newAccount();
        Inbox ordered = created(account, new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "acme-" + RandomIds.lowercaseAlphanumeric(8) + "@contract.test", "Order #1234", T0));
        Inbox named = created(account, inbox("ACME order #1234 (EU)", T0.plusSeconds(1)));
        created(account, inbox("ACME order #9999", T0.plusSeconds(2)));
        created(account, inbox("order 1234", T0.plusSeconds(3)));

        assertThat(all(account, InboxFilter.of("ACME order 1234", null, null))).containsExactly(named, ordered);
        assertThat(store().page(account, InboxFilter.of("1234 acme", null, null), null, 1, true).total()).hasValue(2);
    }

    @Test
    void qTakesLikeWildcardsLiterally() {
        String account = newAccount();
        Inbox percent = created(account, inbox("100% sure", T0));
        created(account, inbox("1000 sure", T0.plusSeconds(1)));
        Inbox underscore = created(account, inbox("a_b", T0.plusSeconds(2)));
        created(account, inbox("axb", T0.plusSeconds(3)));

        assertThat(all(account, InboxFilter.of("0%", null, null))).containsExactly(percent);
        assertThat(all(account, InboxFilter.of("a_b", null, null))).containsExactly(underscore);
    }

    @Test
    void createdAfterIsInclusiveAndCreatedBeforeExclusive() {
        String account = newAccount();
        List<Inbox> inboxes = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            inboxes.add(created(account, inbox(null, T0.plus(i, ChronoUnit.MICROS))));
        }

        assertThat(all(account, InboxFilter.of(null, T0.plus(1, ChronoUnit.MICROS), T0.plus(3, ChronoUnit.MICROS))))
                .containsExactly(inboxes.get(2), inboxes.get(1));
    }

    @Test
    void matchesAreTheSameForTheSameInboxesAndDifferForOthers() {
        String account = newAccount();
        InboxFilter sales = InboxFilter.of("sales", null, null);
        Inbox first = created(account, inbox("Sales desk", T0));
        created(account, inbox("Sales team", T0.plusSeconds(1)));
        created(account, inbox("Agent", T0.plusSeconds(2)));
        created(newAccount(), inbox("Sales desk", T0));

        InboxMatches two = store().matches(account, sales);
        assertThat(two.count()).isEqualTo(2);
        assertThat(store().matches(account, sales)).isEqualTo(two);
        assertThat(store().matches(account, InboxFilter.NONE).count()).isEqualTo(3);
        assertThat(store().matches(newAccount(), sales)).isEqualTo(InboxMatches.NONE);

        store().delete(account, first.id());
        created(account, inbox("Sales desk again", T0.plusSeconds(3)));
        InboxMatches replaced = store().matches(account, sales);
        assertThat(replaced.count()).isEqualTo(2);
        assertThat(replaced.fingerprint()).isNotEqualTo(two.fingerprint());
    }

    @Test
    void deleteMatchesDeletesTheNewestMatchesUpToMaxAndReportsWhich() {
        String account = newAccount();
        InboxFilter sales = InboxFilter.of("sales", null, null);
        List<Inbox> matching = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            matching.add(created(account, inbox("Sales " + i, T0.plusSeconds(i))));
        }
        Inbox agent = created(account, inbox("Agent", T0.plusSeconds(9)));
        String other = newAccount();
        Inbox othersSales = created(other, inbox("Sales", T0.plusSeconds(9)));
        InboxMatches before = store().matches(account, sales);

        Optional<InboxMatches> deleted = store().deleteMatches(account, sales, before, 3);

        assertThat(deleted).isPresent();
        assertThat(deleted.get().count()).isEqualTo(3);
        assertThat(all(account, InboxFilter.NONE)).containsExactly(agent, matching.get(1), matching.get(0));
        assertThat(store().matches(account, sales)).isEqualTo(before.without(deleted.get()));
        assertThat(store().find(other, othersSales.id())).isPresent();
    }

    @Test
    void deleteMatchesDeletesNothingWhenTheMatchesAreNotTheExpectedOnes() {
        String account = newAccount();
        InboxFilter sales = InboxFilter.of("sales", null, null);
        created(account, inbox("Sales 1", T0));
        InboxMatches before = store().matches(account, sales);
        created(account, inbox("Sales 2", T0.plusSeconds(1)));

        assertThat(store().deleteMatches(account, sales, before, 10)).isEmpty();
        assertThat(store().deleteMatches(account, sales, new InboxMatches(2, before.fingerprint()), 10)).isEmpty();
        assertThat(all(account, sales)).hasSize(2);
    }

    /** A key of its own for each test: the PostgreSQL store's keys outlive a test. */
    private static IdempotencyKey key(CreateInbox request) {
        return IdempotencyKey.of(uniqueKey(), request);
    }

    private static String uniqueKey() {
        return "retry-" + RandomIds.base62(16);
    }
}
