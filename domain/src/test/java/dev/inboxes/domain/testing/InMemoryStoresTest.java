package dev.inboxes.domain.testing;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import org.junit.jupiter.api.Nested;

/** The in-memory stores hold to the same contracts as the PostgreSQL stores. */
class InMemoryStoresTest {

    private static final long TOTAL_EXACT_UP_TO = 4;

    private final InMemoryInboxStore inboxes = new InMemoryInboxStore(TOTAL_EXACT_UP_TO);
    private final InMemoryAccounts accounts = new InMemoryAccounts();
    private final InMemoryMessageStore messages = new InMemoryMessageStore(inboxes);

    private static String newAccountId() {
        return RandomIds.newId("acc_");
    }

    @Nested
    class Inboxes extends InboxStoreContract {

        @Override
        protected InboxStore store() {
            return inboxes;
        }

        @Override
        protected String newAccount() {
            return newAccountId();
        }

        @Override
        protected long totalExactUpTo() {
            return TOTAL_EXACT_UP_TO;
        }
    }

    @Nested
    class ApiKeys extends ApiKeyStoreContract {

        @Override
        protected AccountStore accounts() {
            return accounts;
        }

        @Override
        protected ApiKeyStore apiKeys() {
            return accounts;
        }
    }

    @Nested
    class Messages extends MessageStoreContract {

        @Override
        protected MessageStore messages() {
            return messages;
        }

        @Override
        protected InboxStore inboxes() {
            return inboxes;
        }

        @Override
        protected String newAccount() {
            return newAccountId();
        }
    }

    @Nested
    class Threads extends ThreadStoreContract {

        @Override
        protected MessageStore messages() {
            return messages;
        }

        @Override
        protected ThreadStore threads() {
            return messages;
        }

        @Override
        protected ArrivalStore arrivals() {
            return messages;
        }

        @Override
        protected InboxStore inboxes() {
            return inboxes;
        }

        @Override
        protected String newAccount() {
            return newAccountId();
        }
    }
}
