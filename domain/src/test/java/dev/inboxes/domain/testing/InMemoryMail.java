package dev.inboxes.domain.testing;

import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import java.time.Clock;
import java.util.List;

/**
 * The inbox and message services over the in-memory stores, on one clock and one cursor codec: what the tests of
 * the services built on them (threads, bodies, files, waits) start from.
 */
public final class InMemoryMail {

    public static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    public static final String OTHER_ACCOUNT = "acc_Zz9Yy8Xx7Ww6Vv5Uu4Tt";
    public static final String DOMAIN = "mail.example.com";

    public final InMemoryInboxStore inboxStore = new InMemoryInboxStore();
    public final InMemoryMessageStore messageStore = new InMemoryMessageStore(inboxStore);
    public final CursorCodec cursors =
            new CursorCodec(CursorKeys.of("in-memory-mail-test-secret-0123456789abcdef", List.of()));
    public final Clock clock;
    public final InboxService inboxes;
    public final MessageService messages;

    public InMemoryMail(Clock clock) {
        this.clock = clock;
        inboxes = new InboxService(inboxStore, cursors, DOMAIN, clock);
        messages = new MessageService(messageStore, inboxes, cursors, clock);
    }

    /** A new inbox of {@link #ACCOUNT}. */
    public Inbox newInbox(String username) {
        return inboxes.create(ACCOUNT, CreateInbox.of(username, null), null).inbox();
    }
}
