package dev.inboxes.app.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/** The plan PostgreSQL runs a recorded statement with, for the tests that hold a query to its indexes. */
public final class QueryPlans {

    private QueryPlans() {
    }

    /**
     * Runs the statement under {@code EXPLAIN (ANALYZE, COSTS OFF)} with these parameter values, one for each
     * placeholder in order, and returns the plan's lines.
     */
    public static String explain(DataSource database, String sql, List<?> values) throws SQLException {
        assertThat(sql.chars().filter(c -> c == '?').count()).as(sql).isEqualTo(values.size());
        try (Connection connection = database.getConnection();
             PreparedStatement statement = connection.prepareStatement("EXPLAIN (ANALYZE, COSTS OFF) " + sql)) {
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }
}
