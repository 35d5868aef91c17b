package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import dev.inboxes.domain.shared.Timestamps;
import java.time.Instant;
import java.util.Locale;

/**
 * Filters of the inbox list. Both rows and {@code total} honour them.
 *
 * @param q             case-insensitive substring of address or display name, lower-cased; {@code null}: any
 * @param createdAfter  inclusive lower bound on {@code created_at}; {@code null}: none
 * @param createdBefore exclusive upper bound on {@code created_at}; {@code null}: none
 */
public record InboxFilter(String q, Instant createdAfter, Instant createdBefore) {

    public static final int MAX_Q_LENGTH = 200;
    public static final InboxFilter NONE = new InboxFilter(null, null, null);

    /** Parses the filters as the adapters receive them: text, with times as {@link Timestamps#parse} reads them. */
    public static InboxFilter parse(String q, String createdAfter, String createdBefore) {
        return of(q, Timestamps.parse("created_after", createdAfter),
                Timestamps.parse("created_before", createdBefore));
    }

    public static InboxFilter of(String q, Instant createdAfter, Instant createdBefore) {
        String query = q == null || q.isEmpty() ? null : Text.requirePlain("q", q.toLowerCase(Locale.ROOT), MAX_Q_LENGTH);
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

    public boolean isEmpty() {
        return q == null && createdAfter == null && createdBefore == null;
    }

    /** Equal filters render equally; part of a cursor's scope. */
    String canonical() {
        return "q=" + (q == null ? "" : q) + "\u0000after=" + (createdAfter == null ? "" : createdAfter)
                + "\u0000before=" + (createdBefore == null ? "" : createdBefore);
    }
}
