package dev.inboxes.domain.paging;

/** A row of a keyset-paged list: it knows its own position in the order. */
public interface Keyed {

    Keyset keyset();
}
