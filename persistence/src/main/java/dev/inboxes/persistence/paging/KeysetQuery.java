package dev.inboxes.persistence.paging;

import java.util.Map;

/**
 * One list's query for {@link KeysetReader}: an HQL condition with named parameters, and the timestamp
 * field that, with {@code id}, orders the list newest first.
 */
public record KeysetQuery(String where, Map<String, Object> parameters, String timeField) {

    public KeysetQuery {
        parameters = Map.copyOf(parameters);
    }

    /** A LIKE pattern matching {@code text} anywhere, with LIKE's wildcards in {@code text} taken literally. */
    public static String containsPattern(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
