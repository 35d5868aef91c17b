package dev.inboxes.app.support;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.hibernate.resource.jdbc.spi.StatementInspector;

/**
 * Test-only: remembers the SQL sent for pages, so a test can EXPLAIN exactly that statement: what Hibernate sends
 * (as its statement inspector) and what the keyset reader sends over plain JDBC (its DEBUG log, on in tests).
 */
@PersistenceUnitExtension
public class RecordedSql implements StatementInspector {

    private static final int KEPT = 50;
    private static final Deque<String> RECENT = new ConcurrentLinkedDeque<>();
    /** Held here: a logger keeps its handlers only while something references it. */
    private static final Logger KEYSET_READER = Logger.getLogger("dev.inboxes.persistence.paging.KeysetReader");

    static {
        KEYSET_READER.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                remember(record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    @Override
    public String inspect(String sql) {
        remember(sql);
        return sql;
    }

    private static void remember(String sql) {
        RECENT.addFirst(sql);
        while (RECENT.size() > KEPT) {
            RECENT.pollLast();
        }
    }

    /** The most recent statement containing {@code fragment}. */
    public static String lastContaining(String fragment) {
        return RECENT.stream().filter(sql -> sql.contains(fragment)).findFirst()
                .orElseThrow(() -> new AssertionError("no recorded SQL contains " + fragment + ": " + RECENT));
    }
}
