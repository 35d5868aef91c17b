package dev.inboxes.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.testing.ListKeysetSource;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PagerTest {

    private static final QueryScope SCOPE = new QueryScope("things", "acc_1", "filters");
    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    record Item(Instant at, String id) implements Keyed {
        @Override
        public Keyset keyset() {
            return new Keyset(at, id);
        }
    }

    private final CursorCodec codec = new CursorCodec(CursorKeys.of("pager-test-secret-0123456789abcdefghij", List.of()));
    private final Pager pager = new Pager(codec);

    /** {@code count} items, one microsecond apart, distinct ids. */
    private static List<Item> items(int count) {
        return IntStream.range(0, count)
                .mapToObj(i -> new Item(T0.plus(i, ChronoUnit.MICROS), "id_%04d".formatted(i)))
                .toList();
    }

    /** {@code count} items crowded onto {@code distinctInstants} timestamps, so most ties are broken by id. */
    private static List<Item> itemsWithManyEqualTimestamps(int count, int distinctInstants, Random random) {
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Instant at = T0.plus(random.nextInt(distinctInstants), ChronoUnit.MICROS);
            items.add(new Item(at, "id_" + Integer.toString(random.nextInt(1_000_000), 36) + "_" + i));
        }
        return items;
    }

    /** The page ends the list: nothing more, and no cursor to a next page. */
    private static void assertLastPage(Page<?> page) {
        assertThat(page.hasMore()).isFalse();
        assertThat(page.nextCursor()).isNull();
    }

    private static PageRequest first(int limit) {
        return new PageRequest(limit, null);
    }

    private static PageRequest after(Page<?> page, int limit) {
        return new PageRequest(limit, page.nextCursor());
    }

    /** Walks from {@code start} to the end with the given limit; returns every item of every page after start. */
    private <T extends Keyed> List<T> walkFrom(Page<T> start, KeysetSource<T> source, int limit) {
        List<T> seen = new ArrayList<>();
        Page<T> page = start;
        while (page.hasMore()) {
            page = pager.page(after(page, limit), SCOPE, source);
            seen.addAll(page.items());
        }
        return seen;
    }

    @Nested
    class Paging {

        @Test
        void theFirstPageCarriesTheTotal() {
            var source = new ListKeysetSource<>(items(7));

            var page = pager.page(first(3), SCOPE, source);

            assertThat(page.total()).hasValue(7);
        }

        @Test
        void laterPagesHaveNoTotalAndDoNotAskTheSourceForIt() {
            var source = new ListKeysetSource<>(items(7));
            var firstPage = pager.page(first(3), SCOPE, source);

            var second = pager.page(after(firstPage, 3), SCOPE, source);

            assertThat(second.total()).isEmpty();
            assertThat(source.calls()).extracting(ListKeysetSource.Call::withTotal).containsExactly(true, false);
        }

        @Test
        void laterPagesHaveNoTotalEvenWhenTheSourceReturnsOne() {
            var source = new ListKeysetSource<>(items(7));
            var firstPage = pager.page(first(3), SCOPE, source);
            KeysetSource<Item> alwaysCounting =
                    (after, fetchSize, withTotal) -> source.fetch(after, fetchSize, true);

            assertThat(pager.page(after(firstPage, 3), SCOPE, alwaysCounting).total()).isEmpty();
        }

        @Test
        void theSourceIsAskedForOneRowMoreThanTheLimit() {
            var source = new ListKeysetSource<>(items(7));

            pager.page(first(3), SCOPE, source);

            assertThat(source.calls()).extracting(ListKeysetSource.Call::fetchSize).containsExactly(4);
        }

        @Test
        void theFirstPageStartsFromTheNewest() {
            var source = new ListKeysetSource<>(items(7));

            pager.page(first(3), SCOPE, source);

            assertThat(source.calls().get(0).after()).isNull();
        }

        @Test
        void itemsComeInListOrder() {
            var source = new ListKeysetSource<>(items(7));

            var page = pager.page(first(3), SCOPE, source);

            assertThat(page.items()).containsExactlyElementsOf(source.inListOrder().subList(0, 3));
        }

        @Test
        void anEmptyListGivesAnEmptyLastPageWithTotalZero() {
            var page = pager.page(first(5), SCOPE, new ListKeysetSource<Item>(List.of()));

            assertThat(page.items()).isEmpty();
            assertLastPage(page);
            assertThat(page.total()).hasValue(0);
        }

        @Test
        void exactlyLimitRowsFitOnOneLastPage() {
            var source = new ListKeysetSource<>(items(5));

            var page = pager.page(first(5), SCOPE, source);

            assertThat(page.items()).containsExactlyElementsOf(source.inListOrder());
            assertLastPage(page);
        }

        @Test
        void limitPlusOneRowsGiveAFullPageWithACursorToTheLastRow() {
            var source = new ListKeysetSource<>(items(6));

            var page = pager.page(first(5), SCOPE, source);

            assertThat(page.items()).containsExactlyElementsOf(source.inListOrder().subList(0, 5));
            assertThat(page.hasMore()).isTrue();
            assertThat(page.nextCursor()).isNotNull();

            var last = pager.page(after(page, 5), SCOPE, source);
            assertThat(last.items()).containsExactly(source.inListOrder().get(5));
            assertLastPage(last);
        }

        @Test
        void theCursorPointsAtTheLastItemOfThePage() {
            var source = new ListKeysetSource<>(items(6));

            var page = pager.page(first(4), SCOPE, source);

            assertThat(codec.decode(page.nextCursor(), SCOPE)).isEqualTo(page.items().get(3).keyset());
        }

        @Test
        void aCursorContinuesStrictlyAfterItsRow() {
            var source = new ListKeysetSource<>(items(6));
            var firstPage = pager.page(first(2), SCOPE, source);

            pager.page(after(firstPage, 2), SCOPE, source);

            assertThat(source.calls().get(1).after()).isEqualTo(firstPage.items().get(1).keyset());
        }

        @Test
        void aCursorOfAnotherScopeIsRefusedBeforeTheSourceIsAsked() {
            var source = new ListKeysetSource<>(items(6));
            var firstPage = pager.page(first(2), SCOPE, source);
            QueryScope other = new QueryScope("things", "acc_2", "filters");

            assertThatThrownBy(() -> pager.page(after(firstPage, 2), other, source))
                    .isInstanceOf(CursorMismatchException.class);
            assertThat(source.calls()).hasSize(1);
        }

        @Test
        void anInvalidCursorIsRefusedBeforeTheSourceIsAsked() {
            var source = new ListKeysetSource<>(items(6));

            assertThatThrownBy(() -> pager.page(new PageRequest(2, "not-a-cursor"), SCOPE, source))
                    .isInstanceOf(InvalidCursorException.class);
            assertThat(source.calls()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
        void walkingWithRandomLimitsOverManyEqualTimestampsReturnsEveryItemOnceInOrder(long seed) {
            Random random = new Random(seed);
            var source = new ListKeysetSource<>(itemsWithManyEqualTimestamps(150 + random.nextInt(150), 4, random));
            List<Item> seen = new ArrayList<>();
            int pages = 0;

            var page = pager.page(first(1 + random.nextInt(12)), SCOPE, source);
            seen.addAll(page.items());
            assertThat(page.total()).hasValue(source.inListOrder().size());
            while (page.hasMore()) {
                page = pager.page(after(page, 1 + random.nextInt(12)), SCOPE, source);
                seen.addAll(page.items());
                assertThat(page.total()).isEmpty();
                assertThat(++pages).as("the walk must end").isLessThan(1_000);
            }

            assertThat(seen).containsExactlyElementsOf(source.inListOrder());
        }

        @Test
        void walkingWithLimitOneOverIdenticalTimestampsReturnsEveryItemOnceInOrder() {
            List<Item> sameInstant = IntStream.range(0, 40).mapToObj(i -> new Item(T0, "id_" + (char) ('!' + i))).toList();
            var source = new ListKeysetSource<>(sameInstant);

            var firstPage = pager.page(first(1), SCOPE, source);
            List<Item> seen = new ArrayList<>(firstPage.items());
            seen.addAll(walkFrom(firstPage, source, 1));

            assertThat(seen).containsExactlyElementsOf(source.inListOrder());
        }
    }

    /** A surface with a size budget asks again for fewer rows at the same cursor: nothing is lost or repeated. */
    @Nested
    class SmallerRequests {

        private final ListKeysetSource<Item> source =
                new ListKeysetSource<>(itemsWithManyEqualTimestamps(30, 3, new Random(42)));

        @Test
        void aSmallerFirstPageKeepsTheFirstItemsAndTheTotal() {
            var page = pager.page(first(10), SCOPE, source);

            var smaller = pager.page(first(10).withLimit(4), SCOPE, source);

            assertThat(smaller.items()).containsExactlyElementsOf(page.items().subList(0, 4));
            assertThat(smaller.total()).isEqualTo(OptionalLong.of(30));
            assertThat(codec.decode(smaller.nextCursor(), SCOPE)).isEqualTo(page.items().get(3).keyset());
        }

        @Test
        void walkingOnFromASmallerLaterPageSkipsAndRepeatsNothing() {
            var firstPage = pager.page(first(5), SCOPE, source);
            var smaller = pager.page(after(firstPage, 8).withLimit(3), SCOPE, source);

            List<Item> seen = new ArrayList<>(firstPage.items());
            seen.addAll(smaller.items());
            seen.addAll(walkFrom(smaller, source, 8));

            assertThat(smaller.total()).isEmpty();
            assertThat(seen).containsExactlyElementsOf(source.inListOrder());
        }

        @ParameterizedTest
        @ValueSource(ints = {0, -1, 11})
        void aSmallerPageHasOneToLimitRows(int fewer) {
            assertThatThrownBy(() -> first(10).withLimit(fewer)).isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void aCursorAfterAnyItemContinuesRightAfterIt() {
            List<Item> all = source.inListOrder();

            var page = pager.page(new PageRequest(5, pager.cursorAfter(all.get(6).keyset(), SCOPE)), SCOPE, source);

            assertThat(page.items()).containsExactlyElementsOf(all.subList(7, 12));
        }
    }

    @Test
    void aTotalTheStoreStoppedCountingIsMarkedNotExactOnTheFirstPageOnly() {
        ListKeysetSource<Item> all = new ListKeysetSource<>(items(30));
        KeysetSource<Item> bounded = (after, fetchSize, withTotal) -> {
            var slice = all.fetch(after, fetchSize, withTotal);
            return withTotal ? new Slice<>(slice.rows(), java.util.OptionalLong.of(20), false) : slice;
        };

        var first = pager.page(new PageRequest(10, null), SCOPE, bounded);
        var second = pager.page(new PageRequest(10, first.nextCursor()), SCOPE, bounded);

        assertThat(first.total()).hasValue(20);
        assertThat(first.totalExact()).isFalse();
        assertThat(first.totalExactOrNull()).isFalse();
        assertThat(second.total()).isEmpty();
        assertThat(second.totalExact()).as("no total, nothing inexact").isTrue();
        assertThat(second.totalExactOrNull()).isNull();
    }
}
