package dev.inboxes.bench;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Keyset;
import java.time.Clock;
import java.util.List;

/**
 * Cursors at any depth without walking there: the benchmark runs the app with a secret it knows, so the
 * domain's own inbox service signs cursors exactly as the app does and pages start anywhere in a million rows.
 */
final class Cursors {

    /** Only signs cursors: it never reaches a store. */
    private static final InboxService INBOXES = new InboxService(null,
            new CursorCodec(CursorKeys.of(App.CURSOR_SECRET, List.of())), "bench.test", Clock.systemUTC());

    private Cursors() {
    }

    static String after(String accountId, InboxFilter filter, Keyset keyset) {
        return INBOXES.cursorAfter(accountId, filter, keyset);
    }
}
