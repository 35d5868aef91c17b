package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.OptionalLong;

/**
 * The page as it travels on the wire; {@code total} is a nullable Long there, an OptionalLong in {@link Page}, and
 * {@code total_exact} appears only when false.
 */
record PageJson<T>(
        List<T> data,
        String cursor,
        @JsonProperty("has_more") boolean hasMore,
        Long total,
        @JsonProperty("total_exact") Boolean totalExact) {

    Page<T> toPage() {
        return new Page<>(data, cursor, hasMore, total == null ? OptionalLong.empty() : OptionalLong.of(total),
                !Boolean.FALSE.equals(totalExact));
    }
}
