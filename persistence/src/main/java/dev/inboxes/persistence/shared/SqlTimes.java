package dev.inboxes.persistence.shared;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Instants to and from {@code timestamptz} for the stores that speak plain JDBC; {@code null} stays {@code null}. */
public final class SqlTimes {

    private SqlTimes() {
    }

    /** For {@code setObject(…, Types.TIMESTAMP_WITH_TIMEZONE)}. */
    public static OffsetDateTime timestamp(Instant at) {
        return at == null ? null : at.atOffset(ZoneOffset.UTC);
    }

    public static Instant instant(ResultSet result, int column) throws SQLException {
        OffsetDateTime at = result.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }
}
