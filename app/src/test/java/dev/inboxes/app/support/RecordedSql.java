package dev.inboxes.app.support;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.hibernate.resource.jdbc.spi.StatementInspector;

/** Test-only: remembers the SQL Hibernate sends, so a test can EXPLAIN exactly that statement. */
@PersistenceUnitExtension
public class RecordedSql implements StatementInspector {

    private static final int KEPT = 50;
    private static final Deque<String> RECENT = new ConcurrentLinkedDeque<>();

    @Override
    public String inspect(String sql) {
        RECENT.addFirst(sql);
        while (RECENT.size() > KEPT) {
            RECENT.pollLast();
        }
        return sql;
    }

    /** The most recent statement containing {@code fragment}. */
    public static String lastContaining(String fragment) {
        return RECENT.stream().filter(sql -> sql.contains(fragment)).findFirst()
                .orElseThrow(() -> new AssertionError("no recorded SQL contains " + fragment + ": " + RECENT));
    }
}
