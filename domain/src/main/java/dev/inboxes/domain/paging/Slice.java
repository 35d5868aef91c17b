package dev.inboxes.domain.paging;

import java.util.List;
import java.util.OptionalLong;

/** What a store returns for one keyset query: up to {@code limit + 1} rows, and the total when asked for. */
public record Slice<T>(List<T> rows, OptionalLong total) {
}
