package dev.inboxes.domain.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.domain.testing.ListOrder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class InboxServiceTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final String OTHER_ACCOUNT = "acc_Zz9Yy8Xx7Ww6Vv5Uu4Tt";
    private static final Instant NOW_WITH_NANOS = Instant.parse("2026-11-29T21:48:33.123456789Z");

    /** The in-memory store, recording what the service asks of it; create can be scripted to report taken addresses. */
    static class FakeInboxStore extends InMemoryInboxStore {

        record CreateCall(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
        }

        record FindCall(String accountId, String inboxId) {
        }

        final List<CreateCall> createCalls = new ArrayList<>();
        final List<FindCall> findCalls = new ArrayList<>();
        final List<FindCall> deleteCalls = new ArrayList<>();
        final List<InboxFilter> pageFilters = new ArrayList<>();
        final Deque<RuntimeException> failuresBeforeCreate = new ArrayDeque<>();

        @Override
        public CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
            createCalls.add(new CreateCall(accountId, candidate, idempotencyKey));
            if (!failuresBeforeCreate.isEmpty()) {
                throw failuresBeforeCreate.pop();
            }
            return super.create(accountId, candidate, idempotencyKey);
        }

        @Override
        public Optional<Inbox> find(String accountId, String inboxId) {
            findCalls.add(new FindCall(accountId, inboxId));
            return super.find(accountId, inboxId);
        }

        @Override
        public boolean delete(String accountId, String inboxId) {
            deleteCalls.add(new FindCall(accountId, inboxId));
            return super.delete(accountId, inboxId);
        }

        @Override
        public Slice<Inbox> page(String accountId, InboxFilter filter, Keyset after, int fetchSize, boolean withTotal) {
            pageFilters.add(filter);
            return super.page(accountId, filter, after, fetchSize, withTotal);
        }
    }

    private final FakeInboxStore store = new FakeInboxStore();
    private final Clock clock = Clock.fixed(NOW_WITH_NANOS, ZoneOffset.UTC);
    private final CursorCodec cursors =
            new CursorCodec(CursorKeys.of("inbox-service-test-secret-0123456789abcdef", List.of()));
    private final InboxService service = new InboxService(store, cursors, "Mail.Example.COM", clock);

    private static Inbox inbox(String id, String address, Instant createdAt) {
        return new Inbox(id, address, null, createdAt);
    }

    @Nested
    class Create {

        @Test
        void theAddressIsTheUsernameAtTheLowerCasedMailDomain() {
            Inbox created = service.create(ACCOUNT, CreateInbox.of("John.Doe", null), null).inbox();

            assertThat(created.address()).isEqualTo("john.doe@mail.example.com");
        }

        @Test
        void withoutAUsernameTheAddressGetsARandom12CharacterLowerCaseUsername() {
            Inbox created = service.create(ACCOUNT, CreateInbox.of(null, null), null).inbox();

            assertThat(created.address()).matches("[a-z0-9]{12}@mail\\.example\\.com");
        }

        @Test
        void randomUsernamesDifferBetweenInboxes() {
            String first = service.create(ACCOUNT, CreateInbox.of(null, null), null).inbox().address();
            String second = service.create(ACCOUNT, CreateInbox.of(null, null), null).inbox().address();

            assertThat(first).isNotEqualTo(second);
        }

        @Test
        void theInboxGetsANewInboxId() {
            Inbox created = service.create(ACCOUNT, CreateInbox.of("john", null), null).inbox();

            assertThat(created.id()).startsWith("inb_");
            assertThat(RandomIds.hasShape(Inbox.ID_PREFIX, created.id())).isTrue();
        }

        @Test
        void createdAtIsTheClockTruncatedToMicroseconds() {
            Inbox created = service.create(ACCOUNT, CreateInbox.of("john", null), null).inbox();

            assertThat(created.createdAt()).isEqualTo(Instant.parse("2026-11-29T21:48:33.123456Z"));
        }

        @Test
        void theDisplayNameIsKept() {
            Inbox created = service.create(ACCOUNT, CreateInbox.of("john", "John's inbox"), null).inbox();

            assertThat(created.displayName()).isEqualTo("John's inbox");
        }

        @Test
        void theStoreGetsTheAccountAndTheCandidate() {
            CreatedInbox result = service.create(ACCOUNT, CreateInbox.of("john", null), null);

            assertThat(store.createCalls).singleElement().satisfies(call -> {
                assertThat(call.accountId()).isEqualTo(ACCOUNT);
                assertThat(call.candidate()).isEqualTo(result.inbox());
                assertThat(call.idempotencyKey()).isNull();
            });
        }

        @Test
        void theStoreGetsTheIdempotencyKeyWithTheRequestFingerprint() {
            CreateInbox request = CreateInbox.of("john", "John");

            service.create(ACCOUNT, request, "3f1c2b9e-4d7a-4c3f-9e0b-1d2a6f1c2b9e");

            assertThat(store.createCalls.get(0).idempotencyKey())
                    .isEqualTo(new IdempotencyKey("3f1c2b9e-4d7a-4c3f-9e0b-1d2a6f1c2b9e", request.fingerprint()));
        }

        @Test
        void anInvalidIdempotencyKeyIsRefusedBeforeTheStoreIsCalled() {
            assertThatThrownBy(() -> service.create(ACCOUNT, CreateInbox.of("john", null), "has space"))
                    .isInstanceOf(InvalidArgumentException.class);
            assertThat(store.createCalls).isEmpty();
        }

        @Test
        void theStoresAnswerIsReturnedAsIsIncludingAReplay() {
            CreatedInbox earlier = new CreatedInbox(inbox("inb_earlier", "john@mail.example.com", NOW_WITH_NANOS), true);
            InboxService replaying = new InboxService(new FakeInboxStore() {
                @Override
                public CreatedInbox create(String accountId, Inbox candidate, IdempotencyKey idempotencyKey) {
                    return earlier;
                }
            }, cursors, "mail.example.com", clock);

            assertThat(replaying.create(ACCOUNT, CreateInbox.of("john", null), "key-1")).isSameAs(earlier);
        }

        @Test
        void aTakenRandomAddressIsRetriedWithANewOne() {
            store.failuresBeforeCreate.add(new AddressTakenException("first@mail.example.com"));

            Inbox created = service.create(ACCOUNT, CreateInbox.of(null, null), null).inbox();

            assertThat(store.createCalls).hasSize(2);
            assertThat(store.createCalls.get(0).candidate().address())
                    .isNotEqualTo(store.createCalls.get(1).candidate().address());
            assertThat(created).isEqualTo(store.createCalls.get(1).candidate());
        }

        @Test
        void aRandomAddressIsTriedAtMostThreeTimes() {
            for (int i = 0; i < 5; i++) {
                store.failuresBeforeCreate.add(new AddressTakenException("taken" + i + "@mail.example.com"));
            }

            assertThatThrownBy(() -> service.create(ACCOUNT, CreateInbox.of(null, null), null))
                    .isInstanceOf(AddressTakenException.class);
            assertThat(store.createCalls).hasSize(3);
            assertThat(store.createCalls).extracting(call -> call.candidate().address()).doesNotHaveDuplicates();
        }

        @Test
        void theThirdAttemptAtARandomAddressCanSucceed() {
            store.failuresBeforeCreate.add(new AddressTakenException("a@mail.example.com"));
            store.failuresBeforeCreate.add(new AddressTakenException("b@mail.example.com"));

            Inbox created = service.create(ACCOUNT, CreateInbox.of(null, null), null).inbox();

            assertThat(store.createCalls).hasSize(3);
            assertThat(created).isEqualTo(store.createCalls.get(2).candidate());
        }

        @Test
        void aTakenChosenAddressIsNotRetried() {
            AddressTakenException taken = new AddressTakenException("john@mail.example.com");
            store.failuresBeforeCreate.add(taken);

            assertThatThrownBy(() -> service.create(ACCOUNT, CreateInbox.of("john", null), null)).isSameAs(taken);
            assertThat(store.createCalls).hasSize(1);
        }

        @Test
        void aReusedIdempotencyKeyIsNotRetriedEvenForARandomAddress() {
            IdempotencyKeyReusedException reused = new IdempotencyKeyReusedException();
            store.failuresBeforeCreate.add(reused);

            assertThatThrownBy(() -> service.create(ACCOUNT, CreateInbox.of(null, null), "key-1")).isSameAs(reused);
            assertThat(store.createCalls).hasSize(1);
        }
    }

    @Nested
    class GetAndDelete {

        private final Inbox john = inbox("inb_john0000000000000000", "john@mail.example.com", NOW_WITH_NANOS);

        @Test
        void getReturnsTheAccountsInbox() {
            store.add(ACCOUNT, john);

            assertThat(service.get(ACCOUNT, john.id())).isEqualTo(john);
            assertThat(store.findCalls).containsExactly(new FakeInboxStore.FindCall(ACCOUNT, john.id()));
        }

        @Test
        void getOfAnUnknownInboxIsNotFoundWithAHelpfulMessage() {
            assertThatThrownBy(() -> service.get(ACCOUNT, "inb_missing"))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessage("No inbox with id 'inb_missing' exists in this account. Check the id, or list inboxes "
                            + "to find it.");
        }

        @Test
        void anIdWithoutItsPrefixIsNotFoundWithTheHintToAddIt() {
            assertThatThrownBy(() -> service.get(ACCOUNT, "missing"))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessage("No inbox with id 'missing' exists in this account. Check the id, or write it with its "
                            + "inb_ prefix, or list inboxes to find it.");
        }

        @Test
        void getOfAnotherAccountsInboxIsNotFound() {
            store.add(OTHER_ACCOUNT, john);

            assertThatThrownBy(() -> service.get(ACCOUNT, john.id())).isInstanceOf(NotFoundException.class);
        }

        @Test
        void deleteRemovesTheAccountsInbox() {
            store.add(ACCOUNT, john);

            service.delete(ACCOUNT, john.id());

            assertThat(store.deleteCalls).containsExactly(new FakeInboxStore.FindCall(ACCOUNT, john.id()));
            assertThat(store.inboxesOf(ACCOUNT)).isEmpty();
        }

        @Test
        void deleteOfAnUnknownInboxIsNotFoundWithAHelpfulMessage() {
            assertThatThrownBy(() -> service.delete(ACCOUNT, "inb_missing"))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessageContaining("'inb_missing'")
                    .hasMessageContaining("list inboxes to find it");
        }

        @Test
        void deletingTwiceIsNotFoundTheSecondTime() {
            store.add(ACCOUNT, john);
            service.delete(ACCOUNT, john.id());

            assertThatThrownBy(() -> service.delete(ACCOUNT, john.id())).isInstanceOf(NotFoundException.class);
        }
    }

    @Nested
    class ListInboxes {

        private final Instant base = Instant.parse("2026-11-29T10:00:00Z");

        private void addInboxes(String accountId, int count) {
            IntStream.range(0, count).forEach(i -> store.add(accountId, inbox(
                    "inb_" + accountId.substring(4, 8) + "%016d".formatted(i),
                    (i % 2 == 0 ? "shop" : "mail") + i + "@mail.example.com",
                    base.plus(i / 3, ChronoUnit.MICROS))));
        }

        @Test
        void walkingTheListReturnsEveryInboxOfTheAccountOnceNewestFirst() {
            addInboxes(ACCOUNT, 23);
            addInboxes(OTHER_ACCOUNT, 5);
            List<Inbox> seen = new ArrayList<>();

            Page<Inbox> page = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(4, null, PageLimits.PROGRAMS));
            seen.addAll(page.items());
            assertThat(page.total()).hasValue(23);
            while (page.hasMore()) {
                page = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(4, page.nextCursor(), PageLimits.PROGRAMS));
                seen.addAll(page.items());
            }

            assertThat(seen).containsExactlyElementsOf(store.inboxesOf(ACCOUNT).stream()
                    .sorted(ListOrder.rows()).toList());
        }

        @Test
        void theFilterReachesTheStore() {
            addInboxes(ACCOUNT, 10);
            InboxFilter shops = InboxFilter.of("SHOP", null, null);

            Page<Inbox> page = service.list(ACCOUNT, shops, PageRequest.of(50, null, PageLimits.PROGRAMS));

            assertThat(store.pageFilters).containsExactly(shops);
            assertThat(page.items()).hasSize(5).allSatisfy(inbox -> assertThat(inbox.address()).startsWith("shop"));
            assertThat(page.total()).hasValue(5);
        }

        @Test
        void aCursorOfAnotherAccountIsAMismatch() {
            addInboxes(ACCOUNT, 10);
            Page<Inbox> page = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(3, null, PageLimits.PROGRAMS));

            assertThatThrownBy(() -> service.list(OTHER_ACCOUNT, InboxFilter.NONE,
                    PageRequest.of(3, page.nextCursor(), PageLimits.PROGRAMS)))
                    .isInstanceOf(CursorMismatchException.class);
        }

        @Test
        void aCursorOfOtherFiltersIsAMismatch() {
            addInboxes(ACCOUNT, 10);
            Page<Inbox> page = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(3, null, PageLimits.PROGRAMS));

            assertThatThrownBy(() -> service.list(ACCOUNT, InboxFilter.of("shop", null, null),
                    PageRequest.of(3, page.nextCursor(), PageLimits.PROGRAMS)))
                    .isInstanceOf(CursorMismatchException.class);
        }

        @Test
        void aCursorContinuesUnderAnEquivalentFilter() {
            addInboxes(ACCOUNT, 10);
            InboxFilter shop = InboxFilter.of("shop", null, null);
            Page<Inbox> page = service.list(ACCOUNT, shop, PageRequest.of(2, null, PageLimits.PROGRAMS));

            Page<Inbox> next = service.list(ACCOUNT, InboxFilter.of("SHOP", null, null),
                    PageRequest.of(2, page.nextCursor(), PageLimits.PROGRAMS));

            assertThat(next.items()).hasSize(2).doesNotContainAnyElementsOf(page.items());
        }

        @Test
        void aCursorPositionedAfterARowContinuesRightAfterIt() {
            addInboxes(ACCOUNT, 12);
            Page<Inbox> page = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(6, null, PageLimits.PROGRAMS));

            String cursor = new Pager(cursors).cursorAfter(page.items().get(1).keyset(), InboxFilter.NONE.scope(ACCOUNT));
            Page<Inbox> next = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(6, cursor, PageLimits.PROGRAMS));

            assertThat(next.items()).startsWith(page.items().get(2));
        }

        @Test
        void aSmallerRequestAtTheSameCursorContinuesWhereTheLargerWould() {
            addInboxes(ACCOUNT, 12);
            PageRequest second = PageRequest.of(5, service.list(ACCOUNT, InboxFilter.NONE,
                    PageRequest.of(3, null, PageLimits.PROGRAMS)).nextCursor(), PageLimits.PROGRAMS);

            Page<Inbox> full = service.list(ACCOUNT, InboxFilter.NONE, second);
            Page<Inbox> smaller = service.list(ACCOUNT, InboxFilter.NONE, second.withLimit(2));
            Page<Inbox> rest = service.list(ACCOUNT, InboxFilter.NONE, PageRequest.of(3, smaller.nextCursor(),
                    PageLimits.PROGRAMS));

            assertThat(smaller.items()).containsExactlyElementsOf(full.items().subList(0, 2));
            assertThat(rest.items()).containsExactlyElementsOf(full.items().subList(2, 5));
        }
    }

    @Nested
    class BulkDelete {

        private final Instant base = Instant.parse("2026-11-28T10:00:00Z");
        private final InboxFilter yesterday = InboxFilter.of(null, Instant.parse("2026-11-28T00:00:00Z"),
                Instant.parse("2026-11-29T00:00:00Z"));

        /** The token of a preview of deleting the account's inboxes of yesterday. */
        private String previewToken() {
            return service.bulkDelete(ACCOUNT, yesterday, null).confirmToken();
        }

        private List<Inbox> addYesterday(String accountId, int count) {
            List<Inbox> added = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX), "y" + i + RandomIds.lowercaseAlphanumeric(6)
                        + "@mail.example.com", null, base.plus(i, ChronoUnit.SECONDS));
                store.add(accountId, inbox);
                added.add(inbox);
            }
            return added;
        }

        private Inbox addToday(String accountId) {
            Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX), "t" + RandomIds.lowercaseAlphanumeric(8)
                    + "@mail.example.com", null, NOW_WITH_NANOS.truncatedTo(ChronoUnit.MICROS));
            store.add(accountId, inbox);
            return inbox;
        }

        @Test
        void aPreviewDeletesNothingAndShowsTheCountASampleAndAToken() {
            List<Inbox> matching = addYesterday(ACCOUNT, 7);
            addToday(ACCOUNT);

            BulkDeletion preview = service.bulkDelete(ACCOUNT, yesterday, null);

            assertThat(preview.matched()).isEqualTo(7);
            assertThat(preview.deleted()).isZero();
            assertThat(preview.remaining()).isEqualTo(7);
            assertThat(preview.hasMore()).isTrue();
            assertThat(preview.sample()).hasSize(InboxService.BULK_DELETE_SAMPLE)
                    .containsExactlyElementsOf(matching.stream().sorted(ListOrder.rows()).limit(5).toList());
            assertThat(preview.confirmToken()).isNotBlank();
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(8);
        }

        @Test
        void theTokenDeletesExactlyTheMatchesAndNothingElse() {
            addYesterday(ACCOUNT, 7);
            Inbox today = addToday(ACCOUNT);
            addYesterday(OTHER_ACCOUNT, 3);

            BulkDeletion done = service.bulkDelete(ACCOUNT, yesterday, service.bulkDelete(ACCOUNT, yesterday, null)
                    .confirmToken());

            assertThat(done.matched()).isEqualTo(7);
            assertThat(done.deleted()).isEqualTo(7);
            assertThat(done.hasMore()).isFalse();
            assertThat(done.confirmToken()).isNull();
            assertThat(done.sample()).isEmpty();
            assertThat(store.inboxesOf(ACCOUNT)).containsExactly(today);
            assertThat(store.inboxesOf(OTHER_ACCOUNT)).hasSize(3);
        }

        @Test
        void moreThanAThousandGoInBatchesEachWithANewToken() {
            addYesterday(ACCOUNT, InboxService.BULK_DELETE_MAX + 250);
            BulkDeletion preview = service.bulkDelete(ACCOUNT, yesterday, null);

            BulkDeletion first = service.bulkDelete(ACCOUNT, yesterday, preview.confirmToken());
            assertThat(first.deleted()).isEqualTo(InboxService.BULK_DELETE_MAX);
            assertThat(first.remaining()).isEqualTo(250);
            assertThat(first.hasMore()).isTrue();
            assertThat(first.confirmToken()).isNotEqualTo(preview.confirmToken());
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(250);

            BulkDeletion second = service.bulkDelete(ACCOUNT, yesterday, first.confirmToken());
            assertThat(second.matched()).isEqualTo(250);
            assertThat(second.deleted()).isEqualTo(250);
            assertThat(second.hasMore()).isFalse();
            assertThat(store.inboxesOf(ACCOUNT)).isEmpty();
        }

        @Test
        void aTokenIsRefusedOnceTheMatchesChangedAndNothingIsDeleted() {
            addYesterday(ACCOUNT, 4);
            String token = previewToken();
            addYesterday(ACCOUNT, 1);

            assertThatThrownBy(() -> service.bulkDelete(ACCOUNT, yesterday, token))
                    .isInstanceOf(MatchesChangedException.class)
                    .hasMessageContaining("it confirmed 4, 5 match now").hasMessageContaining("without confirm_token");
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(5);
        }

        @Test
        void aTokenIsRefusedWhenOneMatchWasReplacedByAnother() {
            List<Inbox> matching = addYesterday(ACCOUNT, 4);
            String token = previewToken();
            store.delete(ACCOUNT, matching.get(0).id());
            addYesterday(ACCOUNT, 1);

            assertThatThrownBy(() -> service.bulkDelete(ACCOUNT, yesterday, token))
                    .isInstanceOf(MatchesChangedException.class).hasMessageContaining("it confirmed 4, 4 match now");
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(4);
        }

        @Test
        void aTokenBelongsToItsFilterAndItsAccount() {
            addYesterday(ACCOUNT, 3);
            addYesterday(OTHER_ACCOUNT, 3);
            String token = previewToken();

            assertThatThrownBy(() -> service.bulkDelete(ACCOUNT, InboxFilter.NONE, token))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("issued for other filters");
            assertThatThrownBy(() -> service.bulkDelete(OTHER_ACCOUNT, yesterday, token))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("issued for other filters");
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(3);
            assertThat(store.inboxesOf(OTHER_ACCOUNT)).hasSize(3);
        }

        @Test
        void aDamagedTokenOrAListCursorIsNoConfirmation() {
            addYesterday(ACCOUNT, 3);
            String token = previewToken();
            String cursor = service.list(ACCOUNT, yesterday, PageRequest.of(1, null, PageLimits.PROGRAMS)).nextCursor();
            String altered = token.substring(0, 10) + (token.charAt(10) == 'A' ? 'B' : 'A') + token.substring(11);

            for (String bad : List.of(altered, "garbage", cursor)) {
                assertThatThrownBy(() -> service.bulkDelete(ACCOUNT, yesterday, bad))
                        .isInstanceOf(InvalidArgumentException.class)
                        .hasMessageContaining("confirm_token").hasMessageContaining("without confirm_token");
            }
            assertThat(store.inboxesOf(ACCOUNT)).hasSize(3);
        }

        @Test
        void aTokenExpiresAfterAnHour() {
            addYesterday(ACCOUNT, 3);
            String token = previewToken();
            InboxService later = new InboxService(store, cursors, "mail.example.com",
                    Clock.offset(clock, BulkDeleteTokens.LIFETIME.plusSeconds(1)));
            InboxService inTime = new InboxService(store, cursors, "mail.example.com",
                    Clock.offset(clock, BulkDeleteTokens.LIFETIME.minusSeconds(1)));

            assertThatThrownBy(() -> later.bulkDelete(ACCOUNT, yesterday, token))
                    .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("expired");
            assertThat(inTime.bulkDelete(ACCOUNT, yesterday, token).deleted()).isEqualTo(3);
        }

        @Test
        void nothingToDeleteNeedsNoToken() {
            addToday(ACCOUNT);

            BulkDeletion preview = service.bulkDelete(ACCOUNT, yesterday, null);

            assertThat(preview.matched()).isZero();
            assertThat(preview.confirmToken()).isNull();
            assertThat(preview.hasMore()).isFalse();
            assertThat(preview.sample()).isEmpty();
        }
    }
}
