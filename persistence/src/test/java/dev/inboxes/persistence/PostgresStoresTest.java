package dev.inboxes.persistence;

import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKey;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.account.StoredApiKey;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.ApiKeyStoreContract;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;
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
    ApiKeyStore apiKeys;

    /** Small in these tests (see application.properties), so the contract reaches it. */
    @ConfigProperty(name = "inboxes.total-exact-up-to")
    long totalExactUpTo;

    @Inject
    ThreadStore threads;

    @Inject
    ArrivalStore arrivals;

    String newAccountId() {
        String id = RandomIds.newId(AccountService.ID_PREFIX);
        Instant now = Instant.now();
        accounts.insert(id, now, new StoredApiKey(RandomIds.newId(ApiKey.ID_PREFIX), RandomIds.base62(64), "sk_", now));
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

        @Override
        protected long totalExactUpTo() {
            return totalExactUpTo;
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
            return apiKeys;
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
