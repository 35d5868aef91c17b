package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

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
    /** More words than this is a sentence, not a search; each word is one more condition on every row. */
    public static final int MAX_Q_WORDS = 8;
    public static final InboxFilter NONE = new InboxFilter(null, null, null);

    /** Spaces of any script separate words; control characters never reach here (refused first). */
    private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}]+");

    /** Parses the filters as the adapters receive them: text, with times as {@link Timestamps#parse} reads them. */
    public static InboxFilter parse(String q, String createdAfter, String createdBefore) {
        return of(q, Timestamps.parse("created_after", createdAfter),
                Timestamps.parse("created_before", createdBefore));
    }

    public static InboxFilter of(String q, Instant createdAfter, Instant createdBefore) {
        String query = q == null ? null : words(Text.requirePlain("q", q, MAX_Q_LENGTH));
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

    /** The distinct words of {@code q}, lower-cased, in the order given; {@code null} when there are none. */
    private static String words(String q) {
        List<String> words = Arrays.stream(SPACES.split(q.toLowerCase(Locale.ROOT).strip()))
                .filter(word -> !word.isEmpty()).distinct().toList();
        if (words.size() > MAX_Q_WORDS) {
            throw new InvalidArgumentException("q", "q has at most " + MAX_Q_WORDS + " words (got " + words.size()
                    + "): keep the most distinctive ones, each a part of the address or display name.");
        }
        return words.isEmpty() ? null : String.join(" ", words);
    }

    /** The words an inbox must all contain, each in its address or display name; empty for no query. */
    public List<String> words() {
        return q == null ? List.of() : List.of(q.split(" "));
    }

    public boolean isEmpty() {
        return q == null && createdAfter == null && createdBefore == null;
    }

    /**
     * Equal filters render equally; part of a cursor's scope. The words are sorted: "order acme" and "acme order"
     * select the same inboxes, so either query's cursor continues the other.
     */
    String canonical() {
        return "q=" + String.join(" ", words().stream().sorted().toList())
                + "\u0000after=" + (createdAfter == null ? "" : createdAfter)
                + "\u0000before=" + (createdBefore == null ? "" : createdBefore);
    }
}
