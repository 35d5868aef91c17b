package dev.inboxes.app.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.QueryPlans;
import dev.inboxes.app.support.RecordedSql;
import dev.inboxes.app.support.SqlSeed;
import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * EXPLAINs the exact SQL Hibernate sends for a cursor page of a large account: PostgreSQL must serve
 * the row-value keyset predicate from the composite index (an Index Cond), with no sort and no filter step.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class KeysetQueryPlanTest {

    private static final int ROWS = 40_000;

    @Inject
    InboxService inboxes;

    @Inject
    AccountService accounts;

    @Inject
    AgroalDataSource dataSource;

    @Inject
    EntityManager entityManager;

    @Test
    void aCursorPageIsAnIndexRangeScan() throws SQLException {
        String accountId = accounts.create().id();
        seed(accountId);
        Page<Inbox> first = inboxes.list(accountId, InboxFilter.NONE, PageRequest.of(200, null, PageLimits.PROGRAMS));
        Inbox deep = inboxes.list(accountId, InboxFilter.NONE, PageRequest.of(1, first.nextCursor(), PageLimits.PROGRAMS))
                .items().get(0);
        String sql = RecordedSql.lastContaining("e.id) < (?, ?)");

        String plan = explain(sql, accountId, deep);
        System.out.println("Keyset page SQL: " + sql + "\nPlan:\n" + plan);

        assertThat(plan).contains("Index Scan using inboxes_account_created_id_idx")
                .containsPattern("Index Cond: .*ROW\\(\\w*\\.?created_at, \\w*\\.?id\\) < ROW\\(")
                .doesNotContain("Sort")
                .doesNotContain("Filter:");
    }

    @Test
    void aFirstPageReadsItsTotalFromTheCounterInTheSameStatement() throws SQLException {
        String accountId = accounts.create().id();
        seed(accountId);
        Page<Inbox> first = inboxes.list(accountId, InboxFilter.NONE, PageRequest.of(50, null, PageLimits.PROGRAMS));
        assertThat(first.total()).hasValue(ROWS);
        String sql = RecordedSql.lastContaining("inbox_count");

        String plan = explainFirstPage(sql, accountId);
        System.out.println("First page SQL: " + sql + "\nPlan:\n" + plan);

        // The counter row is read by its key: PostgreSQL picks an index scan or a bitmap scan of the same index
        // depending on the accounts table's statistics at the time.
        assertThat(plan).contains("InitPlan").containsPattern("Index Scan using accounts_pkey|Bitmap Index Scan on accounts_pkey")
                .contains("Index Scan using inboxes_account_created_id_idx").doesNotContain("Aggregate");
    }

    /**
     * A search of several words: each word is one more condition, and the trigram indexes of the address and the
     * display name still serve every one of them (a bitmap of each word's matches, intersected), instead of a scan
     * of the account's rows.
     */
    @Test
    void aSearchOfSeveralWordsIsServedByTheTrigramIndexes() throws SQLException {
        String accountId = accounts.create().id();
        seedNamed(accountId);
        InboxFilter filter = InboxFilter.of("ACME order 1234", null, null);
        Page<Inbox> first = inboxes.list(accountId, filter, PageRequest.of(50, null, PageLimits.PROGRAMS));
        assertThat(first.total()).hasValue(20);
        String sql = RecordedSql.lastContaining("like");

        List<Object> values = new ArrayList<>();
        for (int part = 0; part < 2; part++) { // the total's subquery, then the page's own condition
            values.add(accountId);
            for (String word : filter.words()) {
                values.add("%" + word + "%");
                values.add("%" + word + "%");
            }
        }
        values.add(51);
        String plan = QueryPlans.explain(dataSource, sql, values);
        System.out.println("Search SQL: " + sql + "\nPlan:\n" + plan);

        assertThat(plan).contains("Bitmap Index Scan on inboxes_display_name_trgm_idx")
                .contains("Bitmap Index Scan on inboxes_address_trgm_idx")
                .doesNotContain("Seq Scan");
    }

    /**
     * A search run again and again on one connection. Once a prepared statement has run a few times, PostgreSQL may
     * switch it to a generic plan, made without the words, which guesses their matches blind: for a word in one
     * inbox of seven of a million it sorted every match instead of walking the list's index to the bound (446 ms
     * instead of 14). The test's connection plans generically whenever it may; every search must still be planned
     * for its words.
     */
    @Test
    void aSearchIsPlannedForItsWordsHoweverOftenItRuns() throws SQLException {
        String accountId = accounts.create().id();
        seedCommonWord(accountId);
        InboxFilter filter = InboxFilter.of("sales desk", null, null);
        // One transaction holds one connection, whose prepared statements pg_prepared_statements shows.
        Object[] plans = QuarkusTransaction.requiringNew().call(() -> {
            entityManager.createNativeQuery("SELECT set_config('plan_cache_mode', 'force_generic_plan', true)")
                    .getSingleResult();
            for (int run = 0; run < 20; run++) {
                assertThat(inboxes.list(accountId, filter, PageRequest.of(50, null, PageLimits.PROGRAMS)).totalExact())
                        .isFalse();
            }
            return (Object[]) entityManager.createNativeQuery("""
                    SELECT coalesce(sum(generic_plans), 0), coalesce(sum(custom_plans), 0) FROM pg_prepared_statements
                    WHERE statement LIKE '%like%'""").getSingleResult();
        });

        assertThat(((Number) plans[0]).longValue()).as("generic plans").isZero();
        assertThat(((Number) plans[1]).longValue()).as("custom plans of the prepared search").isGreaterThanOrEqualTo(10);
    }

    /** 14,000 inboxes, every seventh a "Sales desk". */
    private void seedCommonWord(String accountId) throws SQLException {
        SqlSeed.bulk(dataSource, statement -> {
            statement.execute("""
                    INSERT INTO inboxes (id, account_id, address, display_name, created_at)
                    SELECT 'inb_' || substr(md5('%1$s' || n), 1, 20), '%1$s', 'w' || n || '-%2$s@plan.test',
                           CASE WHEN n %% 7 = 0 THEN 'Sales desk ' || n ELSE 'Agent ' || n END,
                           timestamptz '2026-01-01 00:00:00+00' + n * interval '1 second'
                    FROM generate_series(1, 14000) AS n""".formatted(accountId, accountId.toLowerCase()));
            statement.execute("ANALYZE inboxes");
        });
    }

    /** 40,000 inboxes of another account and 20,000 of this one, 20 of them "ACME order #1234". */
    private void seedNamed(String accountId) throws SQLException {
        String other = accounts.create().id();
        SqlSeed.bulk(dataSource, statement -> {
            for (String[] owner : new String[][] {{other, "40000", "o"}, {accountId, "20000", "a"}}) {
                statement.execute("""
                        INSERT INTO inboxes (id, account_id, address, display_name, created_at)
                        SELECT 'inb_' || substr(md5('%1$s' || n), 1, 20), '%1$s',
                               '%3$s' || substr(md5('addr' || n), 1, 12) || '-' || n || '@plan.test',
                               CASE WHEN n %% 1000 = 7 AND '%3$s' = 'a' THEN 'ACME order #1234'
                                    WHEN n %% 5 = 0 THEN NULL
                                    ELSE 'Customer ' || substr(md5('name' || n), 1, 10) || ' order #' || n END,
                               timestamptz '2026-01-01 00:00:00+00' + n * interval '1 second'
                        FROM generate_series(1, %2$s) AS n""".formatted(owner[0], owner[1], owner[2]));
            }
            statement.execute("ANALYZE inboxes");
        });
    }

    private String explainFirstPage(String sql, String accountId) throws SQLException {
        int placeholders = (int) sql.chars().filter(c -> c == '?').count();
        // The counter's and the page's account, then the limit.
        List<Object> values = new ArrayList<>(Collections.nCopies(placeholders - 1, accountId));
        values.add(51);
        return QueryPlans.explain(dataSource, sql, values);
    }

    private void seed(String accountId) throws SQLException {
        SqlSeed.bulk(dataSource, statement -> {
            // 40,000 rows over 400 distinct instants: a hundred ties per created_at.
            statement.execute("""
                    INSERT INTO inboxes (id, account_id, address, display_name, created_at)
                    SELECT 'inb_' || substr(md5('%s' || n), 1, 20), '%s', 'plan-' || n || '-%s@plan.test', NULL,
                           timestamptz '2026-01-01 00:00:00+00' + (n %% 400) * interval '1 second'
                    FROM generate_series(1, %d) AS n""".formatted(accountId, accountId, accountId.toLowerCase(), ROWS));
            statement.execute("ANALYZE inboxes");
        });
    }

    private String explain(String sql, String accountId, Inbox after) throws SQLException {
        OffsetDateTime createdAt = OffsetDateTime.ofInstant(after.createdAt(), ZoneOffset.UTC);
        List<Object> values = new ArrayList<>(List.of(accountId, createdAt, after.id()));
        if (sql.contains("offset ?")) {
            values.add(0);
        }
        values.add(51);
        return QueryPlans.explain(dataSource, sql, values);
    }
}
