package dev.inboxes.domain.paging;

import java.util.List;
import java.util.OptionalLong;

/**
 * Keyset paging, written once for every list: decode and check the cursor, fetch one row more than the
 * limit to learn whether another page exists, and sign a cursor from the last row returned. Only the domain's
 * services page: adapters ask a service for a page (of fewer rows, when they must) and map it.
 */
public final class Pager {

    private final CursorCodec codec;

    public Pager(CursorCodec codec) {
        this.codec = codec;
    }

    public <T extends Keyed> Page<T> page(PageRequest request, QueryScope scope, KeysetSource<T> source) {
        Keyset after = request.isFirstPage() ? null : codec.decode(request.cursor(), scope);
        Slice<T> slice = source.fetch(after, request.limit() + 1, request.isFirstPage());
        List<T> rows = slice.rows();
        boolean hasMore = rows.size() > request.limit();
        List<T> items = hasMore ? rows.subList(0, request.limit()) : rows;
        OptionalLong total = request.isFirstPage() ? slice.total() : OptionalLong.empty();
        return new Page<>(items, hasMore ? cursorAfter(items, scope) : null, hasMore, total, slice.totalExact());
    }

    /** A cursor that continues right after {@code position}, as if a page had ended there. */
    public String cursorAfter(Keyset position, QueryScope scope) {
        return codec.encode(position, scope);
    }

    private <T extends Keyed> String cursorAfter(List<T> items, QueryScope scope) {
        return cursorAfter(items.get(items.size() - 1).keyset(), scope);
    }
}
