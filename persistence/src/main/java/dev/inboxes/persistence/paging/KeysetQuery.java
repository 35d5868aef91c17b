package dev.inboxes.persistence.paging;

import dev.inboxes.persistence.shared.SqlRows;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One list's query for {@link KeysetReader}, written in HQL ({@code entity}, {@code row}, {@code where}) or in SQL
 * ({@code sql}, see {@link #inSql}; then the HQL components are {@code null}). Lists move to SQL one by one: a page
 * in SQL costs no ORM work.
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
 * @param sql       the same list in SQL, read over plain JDBC without the ORM, or {@code null} to read it in HQL
 */
public record KeysetQuery(String list, String entity, String row, UnaryOperator<String> where, Map<String, Object> parameters,
                          String sortField, String counter, Order order, String tieField, boolean searchesWords, Sql sql) {

    /**
     * A list in SQL, with the same named parameters as its HQL: a page then costs one JDBC statement and no ORM
     * session, query interpretation or result transformation (about a third of a cursor page's CPU in the service).
     *
     * @param table      the table to page, e.g. {@code inboxes}
     * @param columns    the columns of a row, of alias {@code e}, in the order {@code row} reads them
     * @param row        builds the domain's record from a result row
     * @param where      the list's condition in SQL for a given alias, as {@link KeysetQuery#where} in HQL
     * @param sortColumn the column of {@link KeysetQuery#sortField}
     * @param tieColumn  the column of {@link KeysetQuery#tieField}
     * @param counter    the SQL of {@link KeysetQuery#counter}, or {@code null} to count the matching rows
     */
    public record Sql(String table, String columns, SqlRows.RowReader<?> row, UnaryOperator<String> where,
                      String sortColumn, String tieColumn, String counter) {
    }

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
        this(list, entity, row, where, parameters, sortField, counter, order, "id", false, null);
    }

    /** A newest-first list. */
    public KeysetQuery(String list, String entity, String row, UnaryOperator<String> where,
            Map<String, Object> parameters, String sortField, String counter) {
        this(list, entity, row, where, parameters, sortField, counter, Order.DESCENDING, "id", false, null);
    }

    /** This list with its ties broken by another unique field than {@code id} (e.g. an address). */
    public KeysetQuery tiesBrokenBy(String field) {
        return new KeysetQuery(list, entity, row, where, parameters, sortField, counter, order, field, searchesWords, sql);
    }

    /** This list when its condition searches text for words ({@code q}), or not. */
    public KeysetQuery searchingWords(boolean words) {
        return new KeysetQuery(list, entity, row, where, parameters, sortField, counter, order, tieField, words, sql);
    }

    /** A newest-first list written in SQL, read over plain JDBC; its HQL components are {@code null}. */
    public static KeysetQuery inSql(String list, Sql sql, Map<String, Object> parameters) {
        return new KeysetQuery(list, null, null, null, parameters, sql.sortColumn(), null, Order.DESCENDING,
                sql.tieColumn(), false, sql);
    }

    /**
     * The total of the query, as a scalar subquery of the page's own statement. Without a counter it counts at most
     * {@code countUpTo} matches: the scan stops there, so the cost of a first page no longer grows with the matches.
     * In list order, as HQL wants a limited subquery ordered: the planner may then walk the list's own index.
     */
    String totalSubquery(long countUpTo) {
        return counter != null ? "(" + counter + ")" : countSubquery(entity, where, sortField, tieField, countUpTo);
    }

    /** {@link #totalSubquery} in SQL. */
    String sqlTotalSubquery(long countUpTo) {
        return sql.counter() != null ? "(" + sql.counter() + ")"
                : countSubquery(sql.table(), sql.where(), sql.sortColumn(), sql.tieColumn(), countUpTo);
    }

    private String countSubquery(String from, UnaryOperator<String> condition, String sort, String tie, long countUpTo) {
        return "(select count(*) from (select c." + tie + " as id from " + from + " c where " + condition.apply("c")
                + " order by c." + sort + " " + order.direction + ", c." + tie + " " + order.direction
                + " limit " + countUpTo + ") counted)";
    }

    /** Whether the total comes from a counter, and so is exact whatever its size. */
    boolean countsWithCounter() {
        return sql != null ? sql.counter() != null : counter != null;
    }

    /** A LIKE pattern matching {@code text} anywhere, with LIKE's wildcards in {@code text} taken literally. */
    public static String containsPattern(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
