package dev.inboxes.domain.testing;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.KeysetSource;
import dev.inboxes.domain.paging.Slice;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * Test double: a {@link KeysetSource} over an in-memory list, following the port's contract (newest first,
 * ties by id descending in UTF-8 byte order, rows strictly after {@code after}). Records every call.
 */
public final class ListKeysetSource<T extends Keyed> implements KeysetSource<T> {

    public record Call(Keyset after, int fetchSize, boolean withTotal) {
    }

    private final List<T> rows;
    private final List<Call> calls = new ArrayList<>();

    public ListKeysetSource(Collection<T> rows) {
        this.rows = rows.stream().sorted(ListOrder.<T>rows()).toList();
    }

    @Override
    public Slice<T> fetch(Keyset after, int fetchSize, boolean withTotal) {
        calls.add(new Call(after, fetchSize, withTotal));
        List<T> slice = rows.stream()
                .filter(row -> after == null || ListOrder.KEYSETS.compare(row.keyset(), after) > 0)
                .limit(fetchSize)
                .toList();
        return new Slice<>(slice, withTotal ? OptionalLong.of(rows.size()) : OptionalLong.empty());
    }

    /** All rows in list order: what a complete walk must return. */
    public List<T> inListOrder() {
        return rows;
    }

    public List<Call> calls() {
        return calls;
    }
}
