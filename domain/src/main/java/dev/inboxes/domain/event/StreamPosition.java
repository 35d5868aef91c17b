package dev.inboxes.domain.event;

/**
 * A place in the event stream: after the event {@code id} written by transaction {@code txid}. The stream runs in
 * (transaction, id) order and only over transactions that have all ended, so no event can later appear before a
 * position already passed (see the store's {@link EventStore#after}).
 *
 * @param id {@code ""} for the position before every event of that transaction
 */
public record StreamPosition(long txid, String id) {
}
