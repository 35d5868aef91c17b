package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.shared.SqlTimes;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The inbox list's filters, as HQL for pages and as SQL for bulk deletes; rows, totals and bulk deletes use the
 * same condition and the same parameters.
 */
final class InboxQueries {

    /** Each row is built as the domain's record: no entity is managed for a list. */
    private static final String ROW = "new " + Inbox.class.getName() + "(e.id, e.address, e.displayName, e.createdAt)";
    /** The account's own counter: an exact total without counting a million rows. */
    private static final String COUNTER = "select a.inboxCount from AccountEntity a where a.id = :accountId";
    private static final String SQL_COUNTER = "select a.inbox_count from accounts a where a.id = :accountId";
    /** A row in SQL: the columns of {@link #ROW}, read in order. */
    private static final String SQL_COLUMNS = "e.id, e.address, e.display_name, e.created_at";

    private static Inbox row(ResultSet row) throws SQLException {
        return new Inbox(row.getString(1), row.getString(2), row.getString(3), SqlTimes.instant(row, 4));
    }

    /** A filter's columns, by the names HQL (entity properties) and SQL (table columns) give them. */
    private record Columns(String accountId, String address, String displayName, String createdAt) {
    }

    private static final Columns HQL = new Columns("accountId", "address", "displayName", "createdAt");
    private static final Columns SQL = new Columns("account_id", "address", "display_name", "created_at");

    private InboxQueries() {
    }

    static KeysetQuery list(String accountId, InboxFilter filter) {
        return new KeysetQuery("inboxes", "InboxEntity", ROW, alias -> where(HQL, alias, filter),
                parameters(accountId, filter), "createdAt", filter.isEmpty() ? COUNTER : null)
                .searchingWords(!filter.words().isEmpty())
                .readInSql(new KeysetQuery.Sql("inboxes", SQL_COLUMNS, InboxQueries::row, sqlCondition(filter),
                        "created_at", "id", filter.isEmpty() ? SQL_COUNTER : null));
    }

    /** The filter as SQL on the {@code inboxes} table under {@code alias}; its parameters are {@link #parameters}. */
    static UnaryOperator<String> sqlCondition(InboxFilter filter) {
        return alias -> where(SQL, alias, filter);
    }

    static Map<String, Object> parameters(String accountId, InboxFilter filter) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("accountId", accountId);
        List<String> words = filter.words();
        for (int i = 0; i < words.size(); i++) {
            parameters.put("q" + i, KeysetQuery.containsPattern(words.get(i)));
        }
        if (filter.createdAfter() != null) {
            parameters.put("createdAfter", filter.createdAfter());
        }
        if (filter.createdBefore() != null) {
            parameters.put("createdBefore", filter.createdBefore());
        }
        return parameters;
    }

    private static String where(Columns columns, String alias, InboxFilter filter) {
        String a = alias + ".";
        StringBuilder where = new StringBuilder(a).append(columns.accountId()).append(" = :accountId");
        // Each word in the address or the display name. Addresses are stored lower-case and the words are
        // lower-cased by the domain; a trigram index serves each side of each word.
        for (int i = 0; i < filter.words().size(); i++) {
            where.append(" and (").append(a).append(columns.address()).append(" like :q").append(i)
                    .append(" escape '\\' or lower(").append(a).append(columns.displayName()).append(") like :q")
                    .append(i).append(" escape '\\')");
        }
        if (filter.createdAfter() != null) {
            where.append(" and ").append(a).append(columns.createdAt()).append(" >= :createdAfter");
        }
        if (filter.createdBefore() != null) {
            where.append(" and ").append(a).append(columns.createdAt()).append(" < :createdBefore");
        }
        return where.toString();
    }
}
