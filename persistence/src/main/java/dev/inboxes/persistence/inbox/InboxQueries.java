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
 * The inbox list's filters in SQL: pages (read over plain JDBC), their totals and bulk deletes use the same condition
 * and the same parameters.
 */
final class InboxQueries {

    /** The account's own counter: an exact total without counting a million rows. */
    private static final String COUNTER = "select a.inbox_count from accounts a where a.id = :accountId";
    /** A row: the columns {@link #row} reads, in order. */
    private static final String COLUMNS = "e.id, e.address, e.display_name, e.created_at";

    private InboxQueries() {
    }

    static KeysetQuery list(String accountId, InboxFilter filter) {
        return KeysetQuery.inSql("inboxes", new KeysetQuery.Sql("inboxes", COLUMNS, InboxQueries::row,
                sqlCondition(filter), "created_at", "id", filter.isEmpty() ? COUNTER : null),
                parameters(accountId, filter)).searchingWords(!filter.words().isEmpty());
    }

    private static Inbox row(ResultSet row) throws SQLException {
        return new Inbox(row.getString(1), row.getString(2), row.getString(3), SqlTimes.instant(row, 4));
    }

    /** The filter as SQL on the {@code inboxes} table under {@code alias}; its parameters are {@link #parameters}. */
    static UnaryOperator<String> sqlCondition(InboxFilter filter) {
        return alias -> where(alias, filter);
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

    private static String where(String alias, InboxFilter filter) {
        String a = alias + ".";
        StringBuilder where = new StringBuilder(a).append("account_id = :accountId");
        // Each word in the address or the display name. Addresses are stored lower-case and the words are
        // lower-cased by the domain; a trigram index serves each side of each word.
        for (int i = 0; i < filter.words().size(); i++) {
            where.append(" and (").append(a).append("address like :q").append(i).append(" escape '\\' or lower(")
                    .append(a).append("display_name) like :q").append(i).append(" escape '\\')");
        }
        if (filter.createdAfter() != null) {
            where.append(" and ").append(a).append("created_at >= :createdAfter");
        }
        if (filter.createdBefore() != null) {
            where.append(" and ").append(a).append("created_at < :createdBefore");
        }
        return where.toString();
    }
}
