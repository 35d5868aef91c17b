package dev.inboxes.persistence.paging;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.Slice;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.Session;
import org.jboss.logging.Logger;

/**
 * Keyset paging on PostgreSQL, shared by every list, in one statement per page:
 * <ul>
 *   <li>the continuation predicate is the row-value comparison {@code (time, id) < (:afterAt, :afterId)} (or
 *       {@code >} for a list that runs oldest first), which PostgreSQL serves from the composite index
 *       {@code (owner, time DESC, id DESC)} (the expanded {@code OR} form scans and filters instead);</li>
 *   <li>a first page reads its total as a scalar subquery of the same statement, so rows and total come from
 *       one snapshot without a transaction of their own (no BEGIN, SET TRANSACTION, COMMIT round trips);</li>
 *   <li>a counted total (a filtered list) stops counting past {@code inboxes.total-exact-up-to} matches and says
 *       so ({@code totalExact} false), so a first page costs about what a page costs however many rows match;</li>
 *   <li>a search by words is planned for its words every time ({@code plan_cache_mode}), in a transaction of its
 *       own for that setting.</li>
 * </ul>
 */
@ApplicationScoped
public class KeysetReader {

    /** At DEBUG, the SQL of each page read in SQL (without its values), as Hibernate can show its own. */
    private static final Logger LOG = Logger.getLogger(KeysetReader.class);

    @Inject
    EntityManager entityManager;

    /** The pool itself, for lists read in SQL: inside a transaction it hands out that transaction's connection. */
    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry meters;

    /** A counted total stops here ({@code inboxes.total-exact-up-to}); a larger count is reported as not exact. */
    @ConfigProperty(name = "inboxes.total-exact-up-to", defaultValue = "" + PageLimits.TOTAL_EXACT_UP_TO)
    long totalExactUpTo;

    /**
     * A counted total of a search by words stops here, or at {@link #totalExactUpTo} when that is lower
     * ({@code inboxes.total-exact-up-to-with-q}).
     */
    @ConfigProperty(name = "inboxes.total-exact-up-to-with-q", defaultValue = "" + PageLimits.TOTAL_EXACT_UP_TO_WITH_Q)
    long totalExactUpToWithQ;

    /** Meters by list and kind of page, looked up once rather than on every page. */
    private final Map<String, Timer> queryTimers = new ConcurrentHashMap<>();
    private final Map<String, DistributionSummary> rowSummaries = new ConcurrentHashMap<>();

    /**
     * Rows strictly after {@code after} in list order, at most {@code fetchSize}; with {@code withTotal}, also
     * the number of rows matching the query.
     */
    public <T> Slice<T> read(KeysetQuery query, Class<T> rowType, Keyset after, int fetchSize, boolean withTotal) {
        return read(query, rowType, after == null ? null : after.at(), after == null ? null : after.id(), fetchSize,
                withTotal);
    }

    /**
     * As {@link #read(KeysetQuery, Class, Keyset, int, boolean)}, for a list sorted by any field: rows strictly after
     * the row whose sort field is {@code afterValue} and id {@code afterId} ({@code null}: from the start).
     */
    public <T> Slice<T> read(KeysetQuery query, Class<T> rowType, Object afterValue, String afterId, int fetchSize,
            boolean withTotal) {
        if (!query.searchesWords()) {
            return readAsPlanned(query, rowType, afterValue, afterId, fetchSize, withTotal);
        }
        // A search is planned for its own words every time. Once a statement has run a few times on a connection,
        // PostgreSQL may switch it to a generic plan, made without the parameters' values, which guesses a LIKE's
        // selectivity blind: for words in one inbox of seven of a million it expected 17 matches and counted them by
        // a bitmap scan and a sort of all 142,857 (246 ms), where the plan made for the words walks the list's index
        // and stops at the bound (3 ms). SET LOCAL needs a transaction: two more round trips, for searches only.
        return QuarkusTransaction.joiningExisting().call(() -> {
            entityManager.unwrap(Session.class).doWork(connection -> {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("SET LOCAL plan_cache_mode = force_custom_plan");
                }
            });
            return readAsPlanned(query, rowType, afterValue, afterId, fetchSize, withTotal);
        });
    }

    private <T> Slice<T> readAsPlanned(KeysetQuery query, Class<T> rowType, Object afterValue, String afterId,
            int fetchSize, boolean withTotal) {
        long countUpTo = query.searchesWords() ? Math.min(totalExactUpTo, totalExactUpToWithQ) : totalExactUpTo;
        if (query.sql() != null) {
            return readSql(query, rowType, afterValue, afterId, fetchSize, withTotal, countUpTo);
        }
        boolean continues = afterValue != null;
        StringBuilder hql = new StringBuilder("select ").append(query.row());
        if (withTotal) {
            // One more than the bound: seeing it tells that more rows match than are counted.
            hql.append(", ").append(query.totalSubquery(countUpTo + 1));
        }
        hql.append(" from ").append(query.entity()).append(" e where ").append(query.where().apply("e"));
        KeysetQuery.Order order = query.order();
        if (continues) {
            hql.append(" and (e.").append(query.sortField()).append(", e.").append(query.tieField()).append(") ")
                    .append(order.after)
                    .append(" (:afterAt, :afterId)");
        }
        hql.append(" order by e.").append(query.sortField()).append(' ').append(order.direction).append(", e.")
                .append(query.tieField()).append(' ').append(order.direction);
        Query page = entityManager.createQuery(hql.toString()).setMaxResults(fetchSize);
        query.parameters().forEach(page::setParameter);
        if (continues) {
            page.setParameter("afterAt", afterValue).setParameter("afterId", afterId);
        }
        Timer.Sample started = Timer.start(meters);
        List<?> results = page.getResultList();
        measured(query, withTotal, started, results.size());
        // With the total, each result is (row, total).
        Function<Object, Object> row = withTotal ? result -> ((Object[]) result)[0] : result -> result;
        List<T> rows = results.stream().map(row).map(rowType::cast).toList();
        // An empty first page saw no matching row, so in its snapshot the total is zero.
        long total = !withTotal || results.isEmpty() ? 0 : ((Number) ((Object[]) results.get(0))[1]).longValue();
        return slice(query, rows, withTotal, total, countUpTo);
    }

    /** The same statement as the HQL path builds, in SQL, over one JDBC statement of the pool's connection. */
    private <T> Slice<T> readSql(KeysetQuery query, Class<T> rowType, Object afterValue, String afterId, int fetchSize,
            boolean withTotal, long countUpTo) {
        KeysetQuery.Sql sql = query.sql();
        KeysetQuery.Order order = query.order();
        StringBuilder statement = new StringBuilder("select ").append(sql.columns());
        if (withTotal) {
            statement.append(", ").append(query.sqlTotalSubquery(countUpTo + 1));
        }
        statement.append(" from ").append(sql.table()).append(" e where ").append(sql.where().apply("e"));
        if (afterValue != null) {
            statement.append(" and (e.").append(sql.sortColumn()).append(", e.").append(sql.tieColumn()).append(") ")
                    .append(order.after).append(" (:afterAt, :afterId)");
        }
        statement.append(" order by e.").append(sql.sortColumn()).append(' ').append(order.direction).append(", e.")
                .append(sql.tieColumn()).append(' ').append(order.direction).append(" limit :fetchSize");
        Map<String, Object> parameters = new HashMap<>(query.parameters());
        if (afterValue != null) {
            parameters.put("afterAt", afterValue);
            parameters.put("afterId", afterId);
        }
        parameters.put("fetchSize", fetchSize);
        NamedParameters bound = NamedParameters.of(statement.toString());
        if (LOG.isDebugEnabled()) {
            LOG.debug(bound.sql());
        }
        int columns = sql.columns().split(",").length;
        Timer.Sample started = Timer.start(meters);
        List<T> rows = new ArrayList<>(fetchSize);
        long total = 0;
        try (Connection connection = dataSource.getConnection();
                PreparedStatement page = connection.prepareStatement(bound.sql())) {
            bound.bind(page, parameters);
            try (ResultSet results = page.executeQuery()) {
                while (results.next()) {
                    rows.add(rowType.cast(sql.row().read(results)));
                    if (withTotal) {
                        total = results.getLong(columns + 1);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("The " + query.list() + " page could not be read: " + e.getMessage(), e);
        }
        measured(query, withTotal, started, rows.size());
        return slice(query, rows, withTotal, total, countUpTo);
    }

    /** Meters a page's statement: first pages carry the total, so their time is what a total costs beyond a page. */
    private void measured(KeysetQuery query, boolean withTotal, Timer.Sample started, int rows) {
        started.stop(queryTimers.computeIfAbsent(query.list() + withTotal, key -> meters.timer("inboxes.page.query",
                "list", query.list(), "first_page", String.valueOf(withTotal))));
        rowSummaries.computeIfAbsent(query.list(), list -> meters.summary("inboxes.page.rows", "list", list))
                .record(rows);
    }

    private static <T> Slice<T> slice(KeysetQuery query, List<T> rows, boolean withTotal, long total, long countUpTo) {
        if (!withTotal) {
            return new Slice<>(rows, OptionalLong.empty());
        }
        if (!query.countsWithCounter() && total > countUpTo) {
            return new Slice<>(rows, OptionalLong.of(countUpTo), false);
        }
        return new Slice<>(rows, OptionalLong.of(total));
    }
}
