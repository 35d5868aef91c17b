package dev.inboxes.domain.paging;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.regex.Pattern;

/**
 * Which page the caller wants: at most {@code limit} rows after {@code cursor} ({@code null} for the first page).
 */
public record PageRequest(int limit, String cursor) {

    private static final Pattern ASCII_NUMBER = Pattern.compile("-?[0-9]{1,9}");

    /** Validates caller input against the surface's limits; a blank cursor means the first page. */
    public static PageRequest of(Integer limit, String cursor, PageLimits limits) {
        int effective = limit == null ? limits.defaultLimit() : limit;
        if (effective < 1 || effective > limits.maxLimit()) {
            throw invalidLimit(String.valueOf(limit), limits);
        }
        return new PageRequest(effective, cursor == null || cursor.isBlank() ? null : cursor);
    }

    /** As {@link #of(Integer, String, PageLimits)}, for a limit that arrives as text (a query parameter). */
    public static PageRequest parse(String limit, String cursor, PageLimits limits) {
        if (limit == null || limit.isEmpty()) {
            return of(null, cursor, limits);
        }
        String digits = limit.trim();
        if (!ASCII_NUMBER.matcher(digits).matches()) {
            throw invalidLimit(Text.quote(limit), limits);
        }
        return of(Integer.valueOf(digits), cursor, limits);
    }

    private static InvalidArgumentException invalidLimit(String got, PageLimits limits) {
        return new InvalidArgumentException("limit", "limit must be an integer from 1 to " + limits.maxLimit()
                + " (got " + got + "). Omit it to get " + limits.defaultLimit() + " items per page.");
    }

    /**
     * The same position with a smaller page: a surface with a size budget asks again for fewer rows, and the
     * page it gets continues exactly where this one would have.
     */
    public PageRequest withLimit(int fewer) {
        if (fewer < 1 || fewer > limit) {
            throw new IllegalArgumentException("a smaller page has 1 to " + limit + " rows, not " + fewer);
        }
        return new PageRequest(fewer, cursor);
    }

    public boolean isFirstPage() {
        return cursor == null;
    }
}
