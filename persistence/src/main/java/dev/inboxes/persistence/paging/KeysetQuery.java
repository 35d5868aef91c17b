package dev.inboxes.persistence.paging;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One list's query for {@link KeysetReader}.
 *
 * @param list      the list's name in metrics, e.g. {@code inboxes}
 * @param entity    the entity to page, e.g. {@code InboxEntity}
 * @param row       the select item building a row of alias {@code e}: the domain's record, e.g.
 *                  {@code new …Inbox(e.id, …)}, so no entity is managed (see {@link ListRows})
 * @param where     the list's condition for a given alias (the page uses {@code e}, a count subquery {@code c})
 * @param sortField the field that, with {@code id}, orders the list: a time (newest first) or a sequence number
 * @param counter   an HQL scalar subquery for an exact total (a maintained counter, or a count that is small by
 *                  construction), or {@code null} to count the matching rows, up to a bound. Unfiltered lists
 *                  read a counter the database keeps in the same
 *                  transaction as every insert and delete, instead of counting a million rows.
 * @param order     which way the list runs: {@link Order#DESCENDING} (newest first) for most lists
 * @param tieField  the unique field that breaks ties of the sort field, the keyset's id: {@code id} for most lists
 * @param searchesWords whether the condition searches text for words ({@code q}): its total counts to a lower bound
 */
public record KeysetQuery(String list, String entity, String row, UnaryOperator<String> where, Map<String, Object> parameters,
                          String sortField, String counter, Order order, String tieField, boolean searchesWords) {

    /** Which way a list runs by its sort field and id. */
    public enum Order {
        /** Newest (or latest) first: {@code (field, id) < (…)}, {@code order by field desc, id desc}. */
        DESCENDING("<", "desc"),
        /** Oldest first: {@code (field, id) > (…)}, {@code order by field asc, id asc}. */
        ASCENDING(">", "asc");

        final String after;
        final String direction;

        Order(String after, String direction) {
            this.after = after;
            this.direction = direction;
        }
    }

    public KeysetQuery {
        parameters = Map.copyOf(parameters);
    }

    /** A list whose ties are broken by {@code id}. */
    public KeysetQuery(String list, String entity, String row, UnaryOperator<String> where,
            Map<String, Object> parameters, String sortField, String counter, Order order) {
        this(list, entity, row, where, parameters, sortField, counter, order, "id", false);
    }

    /** A newest-first list. */
    public KeysetQuery(String list, String entity, String row, UnaryOperator<String> where,
            Map<String, Object> parameters, String sortField, String counter) {
        this(list, entity, row, where, parameters, sortField, counter, Order.DESCENDING, "id", false);
    }

    /** This list with its ties broken by another unique field than {@code id} (e.g. an address). */
    public KeysetQuery tiesBrokenBy(String field) {
        return new KeysetQuery(list, entity, row, where, parameters, sortField, counter, order, field, searchesWords);
    }

    /** This list when its condition searches text for words ({@code q}), or not. */
    public KeysetQuery searchingWords(boolean words) {
        return new KeysetQuery(list, entity, row, where, parameters, sortField, counter, order, tieField, words);
    }

    /**
     * The total of the query, as a scalar subquery of the page's own statement. Without a counter it counts at most
     * {@code countUpTo} matches: the scan stops there, so the cost of a first page no longer grows with the matches.
     * In list order, as HQL wants a limited subquery ordered: the planner may then walk the list's own index.
     */
    String totalSubquery(long countUpTo) {
        return counter != null ? "(" + counter + ")"
                : "(select count(*) from (select c." + tieField + " as id from " + entity + " c where "
                        + where.apply("c") + " order by c." + sortField + " " + order.direction + ", c." + tieField
                        + " " + order.direction
                        + " limit " + countUpTo + ") counted)";
    }

    /** Whether the total comes from a counter, and so is exact whatever its size. */
    boolean countsWithCounter() {
        return counter != null;
    }

    /** A LIKE pattern matching {@code text} anywhere, with LIKE's wildcards in {@code text} taken literally. */
    public static String containsPattern(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
