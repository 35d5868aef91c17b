package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.persistence.paging.KeysetQuery;
import java.util.HashMap;
import java.util.Map;

/** The inbox list's filters as HQL; rows and total use the same condition. */
final class InboxQueries {

    private InboxQueries() {
    }

    static KeysetQuery list(String accountId, InboxFilter filter) {
        StringBuilder where = new StringBuilder("accountId = :accountId");
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("accountId", accountId);
        if (filter.q() != null) {
            // Addresses are stored lower-case; the filter's q is lower-cased by the domain.
            where.append(" and (address like :q escape '\\' or lower(displayName) like :q escape '\\')");
            parameters.put("q", KeysetQuery.containsPattern(filter.q()));
        }
        if (filter.createdAfter() != null) {
            where.append(" and createdAt >= :createdAfter");
            parameters.put("createdAfter", filter.createdAfter());
        }
        if (filter.createdBefore() != null) {
            where.append(" and createdAt < :createdBefore");
            parameters.put("createdBefore", filter.createdBefore());
        }
        return new KeysetQuery(where.toString(), parameters, "createdAt");
    }
}
