package dev.inboxes.domain.paging;

import java.time.Instant;
import java.util.Objects;

/**
 * A row's position in the list order: newest first by {@code at}, ties broken by {@code id}
 * descending in byte order. A page continues strictly after the keyset of its predecessor's last row.
 */
public record Keyset(Instant at, String id) {

    public Keyset {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(id, "id");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("a keyset id is never empty");
        }
    }
}
