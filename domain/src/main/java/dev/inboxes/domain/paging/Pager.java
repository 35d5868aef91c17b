package dev.inboxes.domain.paging;

import java.util.List;
import java.util.OptionalLong;

/**
 * Keyset paging, written once for every list: decode and check the cursor, fetch one row more than the
 * limit to learn whether another page exists, and sign a cursor from the last row returned.
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
        return new Page<>(items, hasMore ? cursorAfter(items, scope) : null, hasMore, total);
    }

    /**
     * The first {@code count} items of a page, with a cursor that continues right after them. Surfaces
     * with a size budget use it to send fewer rows without losing any.
     */
    public <T extends Keyed> Page<T> shorten(Page<T> page, int count, QueryScope scope) {
        if (count < 1) {
            throw new IllegalArgumentException("a shortened page keeps at least one item");
        }
        if (count >= page.items().size()) {
            return page;
        }
        List<T> kept = page.items().subList(0, count);
        return new Page<>(kept, cursorAfter(kept, scope), true, page.total());
    }

    private <T extends Keyed> String cursorAfter(List<T> items, QueryScope scope) {
        return codec.encode(items.get(items.size() - 1).keyset(), scope);
    }
}
