package dev.inboxes.bench;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Keyset;
import java.util.List;

/**
 * Cursors at any depth without walking there: the benchmark runs the app with a secret it knows, so it signs
 * cursors exactly as the app does (the domain's codec) and starts pages anywhere in a million rows.
 */
final class Cursors {

    private static final CursorCodec CODEC = new CursorCodec(CursorKeys.of(App.CURSOR_SECRET, List.of()));

    private Cursors() {
    }

    static String after(String accountId, InboxFilter filter, Keyset keyset) {
        return CODEC.encode(keyset, InboxService.scope(accountId, filter));
    }
}
