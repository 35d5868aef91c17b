package dev.inboxes.persistence;

import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InboxStoreContract;
import dev.inboxes.domain.testing.MessageStoreContract;
import dev.inboxes.domain.testing.ThreadStoreContract;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.persistence.testing.PostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import org.junit.jupiter.api.Nested;

/** The PostgreSQL stores hold to the same contracts as the in-memory stores the domain is tested with. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class PostgresStoresTest {

    @Inject
    AccountStore accounts;

    @Inject
    InboxStore inboxes;

    @Inject
    MessageStore messages;

    @Inject
    ThreadStore threads;

    @Inject
    ArrivalStore arrivals;

    String newAccountId() {
        String id = RandomIds.newId(AccountService.ID_PREFIX);
        accounts.insert(id, RandomIds.base62(64), Instant.now());
        return id;
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
            return threads;
        }

        @Override
        protected ArrivalStore arrivals() {
            return arrivals;
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
