package dev.inboxes.domain.paging;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Paging of a list whose rows move: ordered by latest activity, where a row's sort key (its activity sequence
 * number, see {@link ActivityKeyed}) grows whenever it receives something. Keyset paging alone would skip a row that
 * moves from below the cursor to above it. Walk guarantee: every row present for the whole walk is returned at least
 * once, and a row is returned a second time only if it received something during the walk.
 * <p>
 * A walk has two phases:
 * <ol>
 *   <li><b>latest first</b>: the first page records the watermark {@code W}, the highest activity number of its
 *       snapshot (its first row's), and the walk pages through the rows by activity descending with the usual
 *       keyset. A row that receives something during the walk takes a number above {@code W} (numbers are given in
 *       commit order), so it leaves the part of the list this phase has still to read;</li>
 *   <li><b>changed during the walk</b>: then the walk returns the rows with activity above {@code W}, ascending, with
 *       the keyset continuing upwards: exactly the rows that received something since the first page, and new
 *       rows. A row that receives something again moves ahead of the cursor and comes once more.</li>
 * </ol>
 * A page that finishes phase 1 is filled from phase 2. The cursor carries the phase, {@code W} and the position,
 * signed like every cursor ({@link SequenceCursor}). Only the domain's services page.
 */
public final class ActivityPager {

    /** Phase 1 of a walk: latest activity first, down to the oldest row. */
    static final byte LATEST_FIRST = 1;
    /** Phase 2 of a walk: the rows that changed since the first page, in the order they changed. */
    static final byte CHANGED_DURING_WALK = 2;

    private final CursorCodec codec;

    public ActivityPager(CursorCodec codec) {
        this.codec = codec;
    }

    public <T extends ActivityKeyed> Page<T> page(PageRequest request, QueryScope scope, ActivitySource<T> source) {
        int limit = request.limit();
        if (request.isFirstPage()) {
            Slice<T> slice = source.fetch(0, null, true, limit + 1, true);
            long watermark = slice.rows().isEmpty() ? 0 : slice.rows().get(0).activitySeq();
            return latest(slice.rows(), limit, watermark, scope, source, slice.total());
        }
        SequenceCursor cursor = codec.decodeSequence(request.cursor(), scope);
        ActivityKey after = new ActivityKey(cursor.seq(), cursor.id());
        if (cursor.phase() == LATEST_FIRST) {
            return latest(source.fetch(0, after, true, limit + 1, false).rows(), limit, cursor.watermark(), scope,
                    source, OptionalLong.empty());
        }
        if (cursor.phase() == CHANGED_DURING_WALK) {
            return changed(new ArrayList<>(), limit, cursor.watermark(), after, scope, source, OptionalLong.empty());
        }
        throw new InvalidCursorException("The cursor is malformed (unknown phase).");
    }

    private <T extends ActivityKeyed> Page<T> latest(List<T> rows, int limit, long watermark, QueryScope scope,
            ActivitySource<T> source, OptionalLong total) {
        if (rows.size() > limit) {
            List<T> items = rows.subList(0, limit);
            T last = items.get(limit - 1);
            return new Page<>(items, cursor(LATEST_FIRST, watermark, last.activitySeq(), last.id(), scope), true, total);
        }
        // Phase 1 ends on this page: the rest of it comes from phase 2, which starts right above the watermark.
        return changed(new ArrayList<>(rows), limit, watermark, null, scope, source, total);
    }

    private <T extends ActivityKeyed> Page<T> changed(List<T> items, int limit, long watermark, ActivityKey after,
            QueryScope scope, ActivitySource<T> source, OptionalLong total) {
        int room = limit - items.size();
        List<T> rows = source.fetch(watermark, after, false, room + 1, false).rows();
        boolean hasMore = rows.size() > room;
        items.addAll(hasMore ? rows.subList(0, room) : rows);
        if (!hasMore) {
            return new Page<>(items, null, false, total);
        }
        // Where phase 2 stands: after its last row, or, when this page holds none of its rows, at its start.
        T last = room > 0 ? rows.get(room - 1) : null;
        String cursor = last != null ? cursor(CHANGED_DURING_WALK, watermark, last.activitySeq(), last.id(), scope)
                : cursor(CHANGED_DURING_WALK, watermark, watermark, items.get(items.size() - 1).id(), scope);
        return new Page<>(items, cursor, true, total);
    }

    private String cursor(byte phase, long watermark, long seq, String id, QueryScope scope) {
        return codec.encode(new SequenceCursor(phase, watermark, seq, id), scope);
    }
}
