package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.OptionalLong;

/** The page as it travels on the wire; {@code total} is a nullable Long there, an OptionalLong in {@link Page}. */
record PageJson<T>(
        List<T> data,
        String cursor,
        @JsonProperty("has_more") boolean hasMore,
        Long total) {

    Page<T> toPage() {
        return new Page<>(data, cursor, hasMore, total == null ? OptionalLong.empty() : OptionalLong.of(total));
    }
}
