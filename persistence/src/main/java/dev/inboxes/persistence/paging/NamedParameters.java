package dev.inboxes.persistence.paging;

import dev.inboxes.persistence.shared.SqlTimes;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A statement written with the named parameters of HQL ({@code :accountId}) as JDBC wants it ({@code ?}), and the
 * names in the order they stand, so a list's SQL form takes the same parameters as its HQL form. A {@code ::} cast
 * and anything inside quotes are left as they are.
 */
record NamedParameters(String sql, List<String> names) {

    static NamedParameters of(String named) {
        StringBuilder sql = new StringBuilder(named.length());
        List<String> names = new ArrayList<>();
        boolean quoted = false;
        for (int i = 0; i < named.length(); i++) {
            char c = named.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == ':' && i + 1 < named.length()) {
                if (named.charAt(i + 1) == ':') {
                    sql.append("::");
                    i++;
                    continue;
                }
                int end = i + 1;
                while (end < named.length() && Character.isJavaIdentifierPart(named.charAt(end))) {
                    end++;
                }
                if (end > i + 1) {
                    names.add(named.substring(i + 1, end));
                    sql.append('?');
                    i = end - 1;
                    continue;
                }
            }
            sql.append(c);
        }
        return new NamedParameters(sql.toString(), List.copyOf(names));
    }

    /** Binds each name's value; an instant as {@code timestamptz}. */
    void bind(PreparedStatement statement, Map<String, Object> values) throws SQLException {
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException("no value for :" + name + " in " + sql);
            }
            Object value = values.get(name);
            if (value instanceof Instant at) {
                statement.setObject(i + 1, SqlTimes.timestamp(at), Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                statement.setObject(i + 1, value);
            }
        }
    }
}
