package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.SearchWords;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Instant;
import java.util.List;

/**
 * Filters of the inbox list. Both rows and {@code total} honour them.
 *
 * @param q             the search words, lower-cased and separated by single spaces; an inbox matches when each
 *                      word is a case-insensitive substring of its address or of its display name (words may
 *                      match different fields), so {@code acme order 1234} finds "ACME order #1234";
 *                      {@code null}: any
 * @param createdAfter  inclusive lower bound on {@code created_at}; {@code null}: none
 * @param createdBefore exclusive upper bound on {@code created_at}; {@code null}: none
 */
public record InboxFilter(String q, Instant createdAfter, Instant createdBefore) {

    public static final int MAX_Q_LENGTH = 200;
    public static final int MAX_Q_WORDS = SearchWords.MAX_WORDS;
    public static final InboxFilter NONE = new InboxFilter(null, null, null);

    /** Parses the filters as the adapters receive them: text, with times as {@link Timestamps#parse} reads them. */
    public static InboxFilter parse(String q, String createdAfter, String createdBefore) {
        return of(q, Timestamps.parse("created_after", createdAfter),
                Timestamps.parse("created_before", createdBefore));
    }

    public static InboxFilter of(String q, Instant createdAfter, Instant createdBefore) {
        List<String> words = SearchWords.parse(q, MAX_Q_LENGTH, "the address or display name");
        String query = words.isEmpty() ? null : String.join(" ", words);
        Instant after = createdAfter == null ? null
                : Timestamps.ceilToMicros(Timestamps.requireSupported("created_after", createdAfter));
        Instant before = createdBefore == null ? null
                : Timestamps.ceilToMicros(Timestamps.requireSupported("created_before", createdBefore));
        if (after != null && before != null && !after.isBefore(before)) {
            throw new InvalidArgumentException("created_before", "created_after (" + createdAfter
                    + ") must be earlier than created_before (" + createdBefore + ") by at least one microsecond, "
                    + "the precision of created_at. Swap them or widen the range.");
        }
        return new InboxFilter(query, after, before);
    }

    /** The words an inbox must all contain, each in its address or display name; empty for no query. */
    public List<String> words() {
        return q == null ? List.of() : List.of(q.split(" "));
    }

    public boolean isEmpty() {
        return q == null && createdAfter == null && createdBefore == null;
    }

    /**
     * The scope of a cursor of this account's inbox list with this filter: a cursor continues only the list it came
     * from ({@link dev.inboxes.domain.paging.Pager#cursorAfter} makes one at any position, for the benchmark).
     */
    public QueryScope scope(String accountId) {
        return new QueryScope("inboxes", accountId, canonical());
    }

    /**
     * Equal filters render equally; part of a cursor's scope. The words are sorted: "order acme" and "acme order"
     * select the same inboxes, so either query's cursor continues the other.
     */
    String canonical() {
        return "q=" + SearchWords.canonical(words())
                + "\u0000after=" + (createdAfter == null ? "" : createdAfter)
                + "\u0000before=" + (createdBefore == null ? "" : createdBefore);
    }
}
