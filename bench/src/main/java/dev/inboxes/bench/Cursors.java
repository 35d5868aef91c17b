package dev.inboxes.bench;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Pager;
import java.util.List;

/**
 * Cursors at any depth without walking there: the benchmark runs the app with a secret it knows, so the domain's own
 * pager signs cursors, in the scope of the inbox list, exactly as the app does, and pages start anywhere in a million
 * rows. It uses the domain's paging types only, never a service.
 */
final class Cursors {

    private static final Pager PAGER = new Pager(new CursorCodec(CursorKeys.of(App.CURSOR_SECRET, List.of())));

    private Cursors() {
    }

    static String after(String accountId, InboxFilter filter, Keyset keyset) {
        return PAGER.cursorAfter(keyset, filter.scope(accountId));
    }
}
