package dev.inboxes.app.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.ListOrder;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Randomized walks at the repository level: many rows share one created_at (inserted directly), page sizes
 * vary, and rows are inserted and deleted while the walk runs, some at the very position of the cursor.
 * Every row present for the whole walk must be seen exactly once, and no row twice. The seed is printed on
 * failure; rerun one with {@code -DpropertySeed=<seed>}.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class InboxPagingPropertyTest {

    private static final Comparator<Inbox> LIST_ORDER = ListOrder.rows();

    @Inject
    InboxService inboxes;

    @Inject
    AccountService accounts;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void walksWithMutationsBetweenPagesSeeEveryStableRowOnce() throws Exception {
        forEachRun(150, (random, run) -> new Walk(random, run, false).check());
    }

    @Test
    void walksWithAConcurrentWriterSeeEveryStableRowOnce() throws Exception {
        forEachRun(12, (random, run) -> new Walk(random, run, true).check());
    }

    private interface Run {
        void check(Random random, int run) throws Exception;
    }

    private static void forEachRun(int runs, Run body) throws Exception {
        long seed = Long.getLong("propertySeed", System.nanoTime());
        Random random = new Random(seed);
        for (int run = 0; run < runs; run++) {
            try {
                body.check(random, run);
            } catch (AssertionError e) {
                throw new AssertionError("seed " + seed + ", run " + run + ": " + e.getMessage(), e);
            }
        }
    }

    /** One walk: its account, its rows, what happened to them, and what the walk saw. */
    private final class Walk {

        final Random random;
        final String accountId = accounts.create().id();
        final List<Instant> times = new ArrayList<>();
        final Map<String, Inbox> everRow = new ConcurrentHashMap<>();
        final Set<String> live = ConcurrentHashMap.newKeySet();
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
        final InboxFilter filter;
        final boolean concurrentWriter;
        int sequence;

        Walk(Random random, int run, boolean concurrentWriter) throws SQLException {
            this.random = random;
            this.concurrentWriter = concurrentWriter;
            Instant base = Instant.parse("2026-01-01T00:00:00Z").plus(run, ChronoUnit.DAYS);
            int distinctTimes = 1 + random.nextInt(8); // few timestamps: long runs of ties
            for (int i = 0; i < distinctTimes; i++) {
                times.add(base.plus(random.nextInt(1_000_000), ChronoUnit.MICROS));
            }
            insert(random.nextInt(5) == 0 ? random.nextInt(3) : random.nextInt(400), this::anyTime);
            filter = switch (random.nextInt(4)) {
                case 0 -> InboxFilter.of("match", null, null);
                case 1 -> window();
                default -> InboxFilter.NONE;
            };
        }

        void check() throws Exception {
            Set<String> atStart = Set.copyOf(live);
            long matchingAtStart = atStart.stream().map(everRow::get).filter(this::matches).count();
            AtomicBoolean walking = new AtomicBoolean(true);
            Thread writer = concurrentWriter ? new Thread(() -> writeWhile(walking)) : null;
            if (writer != null) {
                writer.start();
            }
            List<Inbox> seen = new ArrayList<>();
            Page<Inbox> page = null;
            int pages = 0;
            try {
                do {
                    int limit = 1 + random.nextInt(random.nextBoolean() ? 10 : 200);
                    page = inboxes.list(accountId, filter,
                            PageRequest.of(limit, page == null ? null : page.nextCursor(), PageLimits.PROGRAMS));
                    pages++;
                    assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
                    assertThat(page.total().isPresent()).as("total on the first page only").isEqualTo(pages == 1);
                    if (pages == 1 && !concurrentWriter) {
                        assertThat(page.total().getAsLong()).isEqualTo(matchingAtStart);
                    }
                    seen.addAll(page.items());
                    // A paging bug that repeats rows would loop forever: fail at the first repeat instead.
                    assertThat(seen.stream().map(Inbox::id)).as("no row twice").doesNotHaveDuplicates();
                    if (!concurrentWriter) {
                        mutateAround(seen.isEmpty() ? null : seen.get(seen.size() - 1));
                    }
                } while (page.hasMore());
            } finally {
                walking.set(false);
                if (writer != null) {
                    writer.join();
                }
            }
            List<String> seenIds = seen.stream().map(Inbox::id).toList();
            assertThat(seenIds).as("no row twice").doesNotHaveDuplicates();
            for (int i = 1; i < seen.size(); i++) {
                assertThat(LIST_ORDER.compare(seen.get(i - 1), seen.get(i))).as("strict order at %d", i).isNegative();
            }
            assertThat(seen).allMatch(this::matches, "matches the filter");
            Set<String> stable = new HashSet<>(atStart);
            stable.removeAll(deleted);
            stable.removeIf(id -> !matches(everRow.get(id)));
            assertThat(Set.copyOf(seenIds)).as("every row present for the whole walk").containsAll(stable);
            assertThat(everRow.keySet()).as("no phantom rows").containsAll(seenIds);
        }

        /** Inserts and deletes between pages, some exactly at the cursor's timestamp. */
        void mutateAround(Inbox cursorRow) throws SQLException {
            Instant cursorTime = cursorRow == null ? anyTime() : cursorRow.createdAt();
            insert(random.nextInt(6), () -> random.nextBoolean() ? cursorTime : anyTime());
            for (int i = random.nextInt(4); i > 0 && !live.isEmpty(); i--) {
                List<String> ids = new ArrayList<>(live);
                delete(cursorRow != null && random.nextInt(4) == 0 ? cursorRow.id() : ids.get(random.nextInt(ids.size())));
            }
        }

        void writeWhile(AtomicBoolean walking) {
            Random own = new Random(random.nextLong());
            try {
                while (walking.get()) {
                    insert(1 + own.nextInt(3), this::anyTime);
                    List<String> ids = new ArrayList<>(live);
                    if (!ids.isEmpty()) {
                        delete(ids.get(own.nextInt(ids.size())));
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        Instant anyTime() {
            return random.nextInt(10) == 0
                    ? times.get(0).plus(random.nextInt(1_000), ChronoUnit.SECONDS) // now and then a newer row
                    : times.get(random.nextInt(times.size()));
        }

        InboxFilter window() {
            List<Instant> sorted = times.stream().sorted().toList();
            Instant after = sorted.get(random.nextInt(sorted.size()));
            return InboxFilter.of(null, after, after.plus(1 + random.nextInt(2_000_000), ChronoUnit.MICROS));
        }

        boolean matches(Inbox inbox) {
            return (filter.q() == null || inbox.displayName().contains(filter.q()))
                    && (filter.createdAfter() == null || !inbox.createdAt().isBefore(filter.createdAfter()))
                    && (filter.createdBefore() == null || inbox.createdAt().isBefore(filter.createdBefore()));
        }

        synchronized void insert(int count, Supplier<Instant> time) throws SQLException {
            Map<String, Inbox> rows = new HashMap<>();
            for (int i = 0; i < count; i++) {
                String id = RandomIds.newId(Inbox.ID_PREFIX);
                String name = (random.nextBoolean() ? "match " : "other ") + sequence++;
                rows.put(id, new Inbox(id, UUID.randomUUID() + "@property.test", name, time.get()));
            }
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement statement = connection.prepareStatement(
                         "INSERT INTO inboxes (id, account_id, address, display_name, created_at) VALUES (?, ?, ?, ?, ?)")) {
                for (Inbox row : rows.values()) {
                    statement.setString(1, row.id());
                    statement.setString(2, accountId);
                    statement.setString(3, row.address());
                    statement.setString(4, row.displayName());
                    statement.setObject(5, OffsetDateTime.ofInstant(row.createdAt(), ZoneOffset.UTC));
                    statement.addBatch();
                }
                statement.executeBatch();
            }
            everRow.putAll(rows);
            live.addAll(rows.keySet());
        }

        void delete(String id) throws SQLException {
            deleted.add(id); // recorded before the row goes, so it never counts as stable
            live.remove(id);
            try (Connection connection = dataSource.getConnection();
                 PreparedStatement statement = connection.prepareStatement("DELETE FROM inboxes WHERE id = ?")) {
                statement.setString(1, id);
                statement.executeUpdate();
            }
        }
    }
}
