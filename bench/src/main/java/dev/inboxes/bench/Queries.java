package dev.inboxes.bench;

import dev.inboxes.domain.paging.Keyset;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The page queries, as SQL the database runs: the service's keyset query (the statement Hibernate sends,
 * captured from the app) and the OFFSET query it replaces. Each reads its rows completely, as the app does.
 */
final class Queries {

    static final int PAGE = 50;

    /** What the app sends for a cursor page (see KeysetQueryPlanTest, which EXPLAINs it). */
    static final String KEYSET = """
            select ie1_0.id,ie1_0.address,ie1_0.display_name,ie1_0.created_at from inboxes ie1_0 \
            where ie1_0.account_id=? and (ie1_0.created_at,ie1_0.id)<(?,?) \
            order by ie1_0.created_at desc,ie1_0.id desc fetch first ? rows only""";

    /** The same page by position: what "just use OFFSET" means. */
    static final String OFFSET = """
            select ie1_0.id,ie1_0.address,ie1_0.display_name,ie1_0.created_at from inboxes ie1_0 \
            where ie1_0.account_id=? \
            order by ie1_0.created_at desc,ie1_0.id desc offset ? rows fetch first ? rows only""";

    private Queries() {
    }

    /** The keyset of the row at zero-based {@code position}: a cursor page at depth d continues after row d-1. */
    static Keyset keysetAt(Connection connection, String accountId, long position) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "select created_at, id from inboxes where account_id = ? order by created_at desc, id desc "
                        + "offset ? rows fetch first 1 rows only")) {
            statement.setString(1, accountId);
            statement.setLong(2, position);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                return new Keyset(row.getObject(1, OffsetDateTime.class).toInstant(), row.getString(2));
            }
        }
    }

    static void keysetPage(PreparedStatement keyset, String accountId, Keyset after) throws SQLException {
        keyset.setString(1, accountId);
        keyset.setObject(2, OffsetDateTime.ofInstant(after.at(), ZoneOffset.UTC));
        keyset.setString(3, after.id());
        keyset.setInt(4, PAGE + 1);
        readAll(keyset);
    }

    static void offsetPage(PreparedStatement offset, String accountId, long depth) throws SQLException {
        offset.setString(1, accountId);
        offset.setLong(2, depth);
        offset.setInt(3, PAGE + 1);
        readAll(offset);
    }

    private static void readAll(PreparedStatement statement) throws SQLException {
        try (ResultSet result = statement.executeQuery()) {
            while (result.next()) {
                result.getString(1);
                result.getString(2);
                result.getString(3);
                result.getObject(4, OffsetDateTime.class);
            }
        }
    }
}
