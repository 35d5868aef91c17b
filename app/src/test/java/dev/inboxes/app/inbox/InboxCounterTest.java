package dev.inboxes.app.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.RecordMessage;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The first page's total comes from counters the database keeps in the same transaction as every insert and
 * delete. Concurrent creates, deletes, bulk SQL and cascades must leave them exactly equal to COUNT(*).
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class InboxCounterTest {

    @Inject
    InboxService inboxes;

    @Inject
    MessageService messages;

    @Inject
    AccountService accounts;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void concurrentCreatesAndDeletesNeverMakeTheInboxCounterDrift() throws Exception {
        String accountId = accounts.create().id();
        ConcurrentLinkedQueue<String> created = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Void>> workers = new ArrayList<>();
            for (int worker = 0; worker < 8; worker++) {
                Random random = new Random(worker);
                workers.add(() -> {
                    for (int i = 0; i < 60; i++) {
                        if (random.nextInt(3) > 0 || created.isEmpty()) {
                            created.add(inboxes.create(accountId, CreateInbox.of(null, null), null).inbox().id());
                        } else {
                            String victim = created.poll();
                            if (victim != null) {
                                inboxes.delete(accountId, victim);
                            }
                        }
                    }
                    return null;
                });
            }
            workers.add(() -> { // bulk SQL beside the service: one statement, many rows
                for (int i = 0; i < 5; i++) {
                    execute("INSERT INTO inboxes (id, account_id, address, created_at) SELECT 'inb_bulk' || "
                            + "lpad(n::text, 16, '0') || '" + i + "', ?, 'bulk-" + i + "-' || n || '-' || ? || "
                            + "'@counter.test', now() FROM generate_series(1, 50) n", accountId, accountId.toLowerCase());
                    execute("DELETE FROM inboxes WHERE account_id = ? AND id IN (SELECT id FROM inboxes "
                            + "WHERE account_id = ? AND id LIKE 'inb_bulk%' LIMIT 20)", accountId, accountId);
                }
                return null;
            });
            for (Future<Void> done : pool.invokeAll(workers)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }

        long counted = single("SELECT count(*) FROM inboxes WHERE account_id = ?", accountId);
        assertThat(single("SELECT inbox_count FROM accounts WHERE id = ?", accountId)).isEqualTo(counted);
        assertThat(inboxes.list(accountId, InboxFilter.NONE, PageRequest.of(1, null, PageLimits.PROGRAMS)).total())
                .hasValue(counted);
        assertThat(counted).isGreaterThan(150);
    }

    @Test
    void messageCountersFollowRecordsAndTheCascadeOfAnInboxDelete() throws Exception {
        String accountId = accounts.create().id();
        Inbox inbox = inboxes.create(accountId, CreateInbox.of(null, null), null).inbox();
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Callable<Void>> writers = new ArrayList<>();
            for (int worker = 0; worker < 6; worker++) {
                writers.add(() -> {
                    for (int i = 0; i < 25; i++) {
                        messages.record(accountId, inbox.id(), RecordMessage.of("a@b.c", null, "s", "t"));
                    }
                    return null;
                });
            }
            for (Future<Void> done : pool.invokeAll(writers)) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(messages.list(accountId, inbox.id(), PageRequest.of(1, null, PageLimits.PROGRAMS)).total())
                .hasValue(150);
        assertThat(single("SELECT message_count FROM inboxes WHERE id = ?", inbox.id()))
                .isEqualTo(single("SELECT count(*) FROM messages WHERE inbox_id = ?", inbox.id()));

        long before = single("SELECT inbox_count FROM accounts WHERE id = ?", accountId);
        inboxes.delete(accountId, inbox.id());
        assertThat(single("SELECT count(*) FROM messages WHERE inbox_id = ?", inbox.id())).isZero();
        assertThat(single("SELECT inbox_count FROM accounts WHERE id = ?", accountId)).isEqualTo(before - 1);
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> messages.list(accountId, inbox.id(),
                PageRequest.of(1, null, PageLimits.PROGRAMS)))).isInstanceOf(NotFoundException.class);
    }

    private void execute(String sql, String... parameters) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setString(i + 1, parameters[i]);
            }
            statement.executeUpdate();
        }
    }

    private long single(String sql, String parameter) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, parameter);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return result.getLong(1);
            }
        }
    }
}
