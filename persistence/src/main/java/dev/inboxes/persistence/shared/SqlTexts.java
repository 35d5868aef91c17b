package dev.inboxes.persistence.shared;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/** Plain-JDBC reads of text values, for the stores that ask which of a caller's values the database knows. */
public final class SqlTexts {

    private SqlTexts() {
    }

    /**
     * The first column of every row {@code sql} returns for an account and a {@code text[]} of values (its two
     * parameters, in that order): e.g. which of these inboxes the account owns.
     */
    public static Set<String> among(Connection connection, String sql, String accountId, Collection<String> values)
            throws SQLException {
        Set<String> found = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            query.setString(1, accountId);
            query.setArray(2, connection.createArrayOf("text", values.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    found.add(rows.getString(1));
                }
            }
        }
        return found;
    }
}
