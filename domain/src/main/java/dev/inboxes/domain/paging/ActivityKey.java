package dev.inboxes.domain.paging;

/** A row's position in a list ordered by activity: its sequence number, ties broken by its id. */
public record ActivityKey(long seq, String id) {
}
