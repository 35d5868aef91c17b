package dev.inboxes.domain.paging;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * Test double: a {@link KeysetSource} over an in-memory list, following the port's contract (newest first,
 * ties by id descending in UTF-8 byte order, rows strictly after {@code after}). Records every call.
 */
public final class ListKeysetSource<T extends Keyed> implements KeysetSource<T> {

    /** The list order of the contract: {@code at} descending, then {@code id} descending in byte order. */
    public static final Comparator<Keyset> LIST_ORDER = Comparator.comparing(Keyset::at)
            .thenComparing(Keyset::id, ListKeysetSource::compareUtf8)
            .reversed();

    public record Call(Keyset after, int fetchSize, boolean withTotal) {
    }

    private final List<T> rows;
    private final List<Call> calls = new ArrayList<>();

    public ListKeysetSource(Collection<T> rows) {
        this.rows = rows.stream().sorted(Comparator.comparing(Keyed::keyset, LIST_ORDER)).toList();
    }

    @Override
    public Slice<T> fetch(Keyset after, int fetchSize, boolean withTotal) {
        calls.add(new Call(after, fetchSize, withTotal));
        List<T> slice = rows.stream()
                .filter(row -> after == null || LIST_ORDER.compare(row.keyset(), after) > 0)
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

    private static int compareUtf8(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
