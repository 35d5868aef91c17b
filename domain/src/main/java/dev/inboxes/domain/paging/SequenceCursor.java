package dev.inboxes.domain.paging;

import java.util.Objects;

/**
 * A position in an inbox's arrival sequence: the number each delivery to the inbox takes when it commits, so the
 * sequence is the inbox's commit order on every replica, whatever their clocks say. Signed into a cursor like a
 * {@link Keyset} ({@link CursorCodec#encode(SequenceCursor, QueryScope)}).
 *
 * @param phase     the list's own stage, e.g. which half of a walk the position is in; 0 when it has none
 * @param watermark the list's own reference point in the sequence, e.g. where a walk started; 0 when it has none
 * @param seq       the sequence number of the last row returned
 * @param id        the id of the last row returned (the tie-break, and what the position is of)
 */
public record SequenceCursor(byte phase, long watermark, long seq, String id) {

    public SequenceCursor {
        Objects.requireNonNull(id, "id");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("a position's id is never empty");
        }
        if (seq < 0 || watermark < 0) {
            throw new IllegalArgumentException("sequence numbers are never negative");
        }
    }
}
