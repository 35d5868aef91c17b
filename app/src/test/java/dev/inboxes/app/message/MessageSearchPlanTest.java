package dev.inboxes.app.message;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.QueryPlans;
import dev.inboxes.app.support.RecordedSql;
import dev.inboxes.app.support.SqlSeed;
import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.persistence.testing.PostgresResource;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * EXPLAINs the exact SQL Hibernate sends for a search of a large inbox: PostgreSQL must find the matches in the
 * trigram index (all words in one scan, the inbox in the same index) together with the partial index of long texts,
 * for the rows and for the first page's total alike, instead of reading every message of the inbox.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class MessageSearchPlanTest {

    /** Messages of the searched inbox; as many again in each of the other inboxes of the table. */
    private static final int MESSAGES = 5_000;
    private static final int OTHER_INBOXES = 7;
    private static final String Q = "quokka Sighting";

    @Inject
    MessageService messages;

    @Inject
    InboxService inboxes;

    @Inject
    AccountService accounts;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void aSearchReadsTheTrigramIndexAndThePartialIndexOfLongTexts() throws SQLException {
        String accountId = accounts.create().id();
        Inbox inbox = inboxes.create(accountId, CreateInbox.of(null, null), null).inbox();
        for (int i = 0; i < OTHER_INBOXES; i++) {
            seed(inboxes.create(accountId, CreateInbox.of(null, null), null).inbox().id());
        }
        seed(inbox.id());
        analyze();
        MessageFilter filter = MessageFilter.parse(Q);

        Page<Message> first = messages.list(accountId, inbox.id(), filter, PageRequest.of(5, null, PageLimits.PROGRAMS));
        String firstSql = RecordedSql.lastContaining("message_search_head");
        Page<Message> next = messages.list(accountId, inbox.id(), filter,
                PageRequest.of(5, first.nextCursor(), PageLimits.PROGRAMS));
        String nextSql = RecordedSql.lastContaining("e.id) < (?, ?)");

        assertThat(first.total()).hasValue(MESSAGES / 500 + 1);
        assertThat(next.items()).hasSize(5);
        String firstPlan = explain(firstSql, inbox.id(), filter, null, 6);
        String nextPlan = explain(nextSql, inbox.id(), filter, first.items().get(4), 6);
        System.out.println("Search first page SQL: " + firstSql + "\nPlan:\n" + firstPlan);
        System.out.println("Search cursor page plan:\n" + nextPlan);

        for (String plan : List.of(firstPlan, nextPlan)) {
            assertThat(plan).contains("Bitmap Index Scan on messages_search_head_idx")
                    .contains("Bitmap Index Scan on messages_search_overflow_idx").contains("BitmapOr")
                    .doesNotContain("Seq Scan");
        }
    }

    /** The statement with its parameters in the order the SQL names them: inbox, words (head, then whole), keyset. */
    private String explain(String sql, String inboxId, MessageFilter filter, Message after, int limit)
            throws SQLException {
        List<Object> condition = new ArrayList<>();
        condition.add(inboxId);
        for (int pass = 0; pass < 2; pass++) {
            filter.words().forEach(word -> condition.add("%" + word + "%"));
        }
        List<Object> values = new ArrayList<>();
        if (after == null) {
            values.addAll(condition); // the total's subquery
        }
        values.addAll(condition);
        if (after != null) {
            values.add(OffsetDateTime.ofInstant(after.receivedAt(), ZoneOffset.UTC));
            values.add(after.id());
        }
        values.add(limit);
        return QueryPlans.explain(dataSource, sql, values);
    }

    /** Messages, one in 500 a sighting, and one long text with the words beyond the indexed part. */
    private void seed(String inboxId) throws SQLException {
        SqlSeed.bulk(dataSource, statement -> {
            statement.execute("""
                    INSERT INTO messages (id, inbox_id, from_address, to_address, subject, preview, body, received_at,
                                          raw, dedupe_key, thread_id, inbox_seq)
                    SELECT 'msg_' || substr(md5('%1$s' || n), 1, 20), '%1$s', 'sender' || (n %% 50) || '@example.com',
                           'box@plan.test', 'Report ' || n, 'preview',
                           'Weekly figures ' || n || ' for the team, ' || md5(n::text)
                               || CASE WHEN n %% 500 = 0 THEN ' A QUOKKA sighting near the lake.' ELSE '' END,
                           timestamptz '2026-01-01 00:00:00+00' + n * interval '1 second', '\\x00'::bytea,
                           'plan-' || n, 'thr_' || substr(md5('t' || n), 1, 20), n
                    FROM generate_series(1, %2$d) AS n""".formatted(inboxId, MESSAGES));
            statement.execute("""
                    INSERT INTO messages (id, inbox_id, from_address, to_address, subject, preview, body, received_at,
                                          raw, dedupe_key, thread_id, inbox_seq)
                    VALUES ('msg_' || substr(md5('%1$s long'), 1, 20), '%1$s', 'long@example.com', 'box@plan.test',
                            'Long', 'preview', repeat('filler ', 4000) || 'quokka sighting', now(), '\\x00'::bytea,
                            'plan-long', 'thr_' || substr(md5('%1$s'), 1, 20), %2$d + 1)""".formatted(inboxId,
                    MESSAGES));
        });
    }

    private void analyze() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE messages");
        }
    }
}
