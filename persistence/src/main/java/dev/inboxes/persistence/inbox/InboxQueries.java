package dev.inboxes.persistence.inbox;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.persistence.paging.KeysetQuery;
import java.util.HashMap;
import java.util.Map;

/** The inbox list's filters as HQL; rows and total use the same condition. */
final class InboxQueries {

    /** Each row is built as the domain's record: no entity is managed for a list. */
    private static final String ROW = "new " + Inbox.class.getName() + "(e.id, e.address, e.displayName, e.createdAt)";
    /** The account's own counter: an exact total without counting a million rows. */
    private static final String COUNTER = "select a.inboxCount from AccountEntity a where a.id = :accountId";

    private InboxQueries() {
    }

    static KeysetQuery list(String accountId, InboxFilter filter) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("accountId", accountId);
        if (filter.q() != null) {
            parameters.put("q", KeysetQuery.containsPattern(filter.q()));
        }
        if (filter.createdAfter() != null) {
            parameters.put("createdAfter", filter.createdAfter());
        }
        if (filter.createdBefore() != null) {
            parameters.put("createdBefore", filter.createdBefore());
        }
        return new KeysetQuery("inboxes", "InboxEntity", ROW, alias -> where(alias, filter), parameters, "createdAt",
                filter.isEmpty() ? COUNTER : null);
    }

    private static String where(String alias, InboxFilter filter) {
        StringBuilder where = new StringBuilder(alias).append(".accountId = :accountId");
        if (filter.q() != null) {
            // Addresses are stored lower-case and q is lower-cased by the domain; trigram indexes serve both.
            where.append(" and (").append(alias).append(".address like :q escape '\\' or lower(")
                    .append(alias).append(".displayName) like :q escape '\\')");
        }
        if (filter.createdAfter() != null) {
            where.append(" and ").append(alias).append(".createdAt >= :createdAfter");
        }
        if (filter.createdBefore() != null) {
            where.append(" and ").append(alias).append(".createdAt < :createdBefore");
        }
        return where.toString();
    }
}
