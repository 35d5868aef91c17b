package dev.inboxes.domain.testing;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.webhook.WebhookStore;
import org.junit.jupiter.api.Nested;

/**
 * Every store contract, run against one implementation of the ports: a subclass says only where its stores come
 * from, so the in-memory and the PostgreSQL stores are held to the same suites, wired the same way.
 */
public abstract class StoreContracts {

    /** The ports under test; one object may serve as several of them. */
    public record Stores(
            AccountStore accounts,
            ApiKeyStore apiKeys,
            InboxStore inboxes,
            MessageStore messages,
            ThreadStore threads,
            ArrivalStore arrivals,
            OutboxStore outbox,
            SigningKeyStore signingKeys,
            SuppressionStore suppressions,
            EventStore events,
            WebhookStore webhooks) {}

    /** Asked for at each test, not at construction: a framework may inject the stores after that. */
    protected abstract Stores stores();

    /** A new account's id, as the stores under test accept it as an owner. */
    protected abstract String newAccount();

    /** The bound up to which these stores count a filtered total exactly. */
    protected abstract long totalExactUpTo();

    private final StoreContract.Fixture fixture = new StoreContract.Fixture() {

        @Override
        public Stores stores() {
            return StoreContracts.this.stores();
        }

        @Override
        public String newAccount() {
            return StoreContracts.this.newAccount();
        }

        @Override
        public long totalExactUpTo() {
            return StoreContracts.this.totalExactUpTo();
        }
    };

    @Nested
    class Inboxes extends InboxStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class ApiKeys extends ApiKeyStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Messages extends MessageStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Threads extends ThreadStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Outbox extends OutboxStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Suppressions extends SuppressionStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class SigningKeys extends SigningKeyStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Events extends EventStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }

    @Nested
    class Webhooks extends WebhookStoreContract {

        @Override
        protected Fixture fixture() {
            return fixture;
        }
    }
}
