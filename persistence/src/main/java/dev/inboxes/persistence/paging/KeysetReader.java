package dev.inboxes.persistence.paging;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Keyset paging on PostgreSQL, shared by every list, in one statement per page:
 * <ul>
 *   <li>the continuation predicate is the row-value comparison {@code (time, id) < (:afterAt, :afterId)},
 *       which PostgreSQL serves from the composite index {@code (owner, time DESC, id DESC)} (the expanded
 *       {@code OR} form scans and filters instead);</li>
 *   <li>a first page reads its total as a scalar subquery of the same statement, so rows and total come from
 *       one snapshot without a transaction of their own (no BEGIN, SET TRANSACTION, COMMIT round trips).</li>
 * </ul>
 */
@ApplicationScoped
public class KeysetReader {

    @Inject
    EntityManager entityManager;

    @Inject
    MeterRegistry meters;

    /**
     * Rows strictly after {@code after} in list order, at most {@code fetchSize}; with {@code withTotal}, also
     * the number of rows matching the query.
     */
    public <R, T> Slice<T> read(KeysetQuery query, Class<R> rowType, Keyset after, int fetchSize, boolean withTotal,
            Function<R, T> toDomain) {
        StringBuilder hql = new StringBuilder("select ").append(query.row());
        if (withTotal) {
            hql.append(", ").append(query.totalSubquery());
        }
        hql.append(" from ").append(query.entity()).append(" e where ").append(query.where().apply("e"));
        if (after != null) {
            hql.append(" and (e.").append(query.timeField()).append(", e.id) < (:afterAt, :afterId)");
        }
        hql.append(" order by e.").append(query.timeField()).append(" desc, e.id desc");
        Query page = entityManager.createQuery(hql.toString()).setMaxResults(fetchSize);
        query.parameters().forEach(page::setParameter);
        if (after != null) {
            page.setParameter("afterAt", after.at()).setParameter("afterId", after.id());
        }
        Timer.Sample started = Timer.start(meters);
        List<?> results = page.getResultList();
        // First pages carry the total: their time is what a total costs beyond a page.
        started.stop(meters.timer("inboxes.page.query", "list", query.list(), "first_page", String.valueOf(withTotal)));
        meters.summary("inboxes.page.rows", "list", query.list()).record(results.size());
        if (!withTotal) {
            return new Slice<>(results.stream().map(rowType::cast).map(toDomain).toList(), OptionalLong.empty());
        }
        // An empty first page saw no matching row, so in its snapshot the total is zero.
        long total = results.isEmpty() ? 0 : ((Number) ((Object[]) results.get(0))[1]).longValue();
        List<T> rows = results.stream().map(result -> rowType.cast(((Object[]) result)[0])).map(toDomain).toList();
        return new Slice<>(rows, OptionalLong.of(total));
    }
}
