package dev.inboxes.domain.event;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.shared.Text;

/** The account's event log: listed like every list, and read as a stream from a position. */
public final class EventService {

    /** Events one stream read returns at most; a stream reads again at once while it gets full batches. */
    public static final int STREAM_BATCH = 100;

    private final EventStore store;
    private final Pager pager;

    public EventService(EventStore store, CursorCodec cursors) {
        this.store = store;
        this.pager = new Pager(cursors);
    }

    public Page<Event> list(String accountId, EventFilter filter, PageRequest request) {
        return pager.page(request, new QueryScope("events", accountId, filter.canonical()),
                (after, fetchSize, withTotal) -> store.page(accountId, filter, after, fetchSize, withTotal));
    }

    /**
     * Where a stream starts: right after the event the client saw last ({@code Last-Event-ID}), or now.
     *
     * @throws InvalidArgumentException when the id is no event of the account within the retention
     */
    public StreamPosition streamStart(String accountId, String lastEventId) {
        if (lastEventId == null || lastEventId.isEmpty()) {
            return store.now();
        }
        if (!RandomIds.hasShape(Event.ID_PREFIX, lastEventId)) {
            throw unknownLastEvent(lastEventId);
        }
        return store.positionOf(accountId, lastEventId).orElseThrow(() -> unknownLastEvent(lastEventId));
    }

    /** The next events of a stream, oldest first. */
    public EventStore.Batch next(String accountId, EventFilter filter, StreamPosition position) {
        return store.after(accountId, filter, position, STREAM_BATCH);
    }

    private static InvalidArgumentException unknownLastEvent(String id) {
        return new InvalidArgumentException("Last-Event-ID", "Last-Event-ID " + Text.quote(id) + " is no event of "
                + "this account within the retention. Reconnect without Last-Event-ID to stream from now, and list "
                + "the events you missed with GET /v1/events.");
    }
}
