package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.shared.RandomIds;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link MessageStore} does, run against the in-memory store and the PostgreSQL store alike.
 */
public abstract class MessageStoreContract {

    private static final Instant T0 = Instant.parse("2026-11-29T21:48:33.123456Z");

    protected abstract MessageStore messages();

    protected abstract InboxStore inboxes();

    /** A new, empty account the stores accept inboxes for. */
    protected abstract String newAccount();

    private Inbox newInbox(String accountId) {
        Inbox inbox = new Inbox(RandomIds.newId(Inbox.ID_PREFIX),
                "m" + RandomIds.lowercaseAlphanumeric(15) + "@contract.test", null, T0);
        return inboxes().create(accountId, inbox, null).inbox();
    }

    private static Message message(Inbox inbox, Instant receivedAt) {
        return new Message(RandomIds.newId(Message.ID_PREFIX), inbox.id(), "sender@example.com", inbox.address(),
                "Subject", "Preview", receivedAt);
    }

    @Test
    void aMessageIsStoredInAnInboxOfTheAccountAndListedAsStored() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        Message message = message(inbox, T0);

        assertThat(messages().insert(account, message, "the whole text")).isTrue();

        assertThat(messages().page(inbox.id(), null, 10, true).rows()).containsExactly(message);
    }

    @Test
    void aMessageForAnotherAccountsInboxIsNotStored() {
        Inbox inbox = newInbox(newAccount());

        assertThat(messages().insert(newAccount(), message(inbox, T0), "text")).isFalse();

        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
    }

    @Test
    void pagesAreNewestFirstAndContinueStrictlyAfterTheKeyset() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        Inbox other = newInbox(account);
        List<Message> stored = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Message message = message(inbox, T0.plus(i % 2, ChronoUnit.MICROS));
            messages().insert(account, message, "text");
            stored.add(message);
        }
        messages().insert(account, message(other, T0), "text");
        stored.sort(ListOrder.rows());

        assertThat(messages().page(inbox.id(), null, 100, true).rows()).containsExactlyElementsOf(stored);
        assertThat(messages().page(inbox.id(), null, 100, true).total()).hasValue(6);
        assertThat(messages().page(inbox.id(), stored.get(1).keyset(), 2, false).rows())
                .containsExactlyElementsOf(stored.subList(2, 4));
    }

    @Test
    void deletingTheInboxDeletesItsMessages() {
        String account = newAccount();
        Inbox inbox = newInbox(account);
        messages().insert(account, message(inbox, T0), "text");

        inboxes().delete(account, inbox.id());

        assertThat(messages().page(inbox.id(), null, 10, true).rows()).isEmpty();
        assertThat(messages().page(inbox.id(), null, 10, true).total()).hasValue(0);
    }
}
