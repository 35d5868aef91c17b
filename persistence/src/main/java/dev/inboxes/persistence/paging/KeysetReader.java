package dev.inboxes.persistence.paging;

import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import org.hibernate.Session;

/**
 * Keyset paging on PostgreSQL, shared by every list. The continuation predicate is the row-value
 * comparison {@code (time, id) < (:afterAt, :afterId)}, which PostgreSQL serves from the composite index
 * {@code (account_id, time DESC, id DESC)}; the expanded {@code OR} form scans and filters instead.
 */
@ApplicationScoped
public class KeysetReader {

    @Inject
    EntityManager entityManager;

    /**
     * Rows strictly after {@code after} in list order, at most {@code fetchSize}; with {@code withTotal},
     * also the count of all matching rows, read from the same snapshot as the rows.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public <E, T> Slice<T> read(PanacheRepositoryBase<E, String> repository, KeysetQuery query, Keyset after,
            int fetchSize, boolean withTotal, Function<E, T> toDomain) {
        if (withTotal) {
            useOneSnapshot();
        }
        String where = query.where();
        Map<String, Object> parameters = new HashMap<>(query.parameters());
        if (after != null) {
            where += " and (" + query.timeField() + ", id) < (:afterAt, :afterId)";
            parameters.put("afterAt", after.at());
            parameters.put("afterId", after.id());
        }
        List<T> rows = repository.find(where, Sort.descending(query.timeField(), "id"), parameters)
                .range(0, fetchSize - 1)
                .stream()
                .map(toDomain)
                .toList();
        OptionalLong total = withTotal
                ? OptionalLong.of(repository.count(query.where(), query.parameters()))
                : OptionalLong.empty();
        return new Slice<>(rows, total);
    }

    /** Rows and total must agree: without this, a commit between the two statements could change one only. */
    private void useOneSnapshot() {
        entityManager.unwrap(Session.class).doWork(connection -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            }
        });
    }
}
