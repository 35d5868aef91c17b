package dev.inboxes.persistence.shared;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Plain-JDBC reads of at most one row, for the stores that look one up by its key. */
public final class SqlRows {

    private SqlRows() {
    }

    /** Reads one row of a result; it is positioned on the row. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /**
     * Runs {@code sql} with these text parameters, in order: its first row as {@code reader} reads it, or empty when
     * it returns none.
     */
    public static <T> Optional<T> first(Connection connection, String sql, RowReader<T> reader, String... parameters)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setString(i + 1, parameters[i]);
            }
            return first(query, reader);
        }
    }

    /** Runs the bound query: its first row as {@code reader} reads it, or empty when it returns none. */
    public static <T> Optional<T> first(PreparedStatement query, RowReader<T> reader) throws SQLException {
        try (ResultSet found = query.executeQuery()) {
            return found.next() ? Optional.of(reader.read(found)) : Optional.empty();
        }
    }
}
