package dev.inboxes.persistence;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.testing.StoreContracts;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.webhook.WebhookStore;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The PostgreSQL stores hold to the same contracts as the in-memory stores the domain is tested with. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class PostgresStoresTest extends StoreContracts {

    @Inject
    AccountStore accounts;

    @Inject
    ApiKeyStore apiKeys;

    @Inject
    InboxStore inboxes;

    @Inject
    MessageStore messages;

    @Inject
    ThreadStore threads;

    @Inject
    ArrivalStore arrivals;

    @Inject
    OutboxStore outbox;

    @Inject
    SigningKeyStore signingKeys;

    @Inject
    SuppressionStore suppressions;

    @Inject
    EventStore events;

    @Inject
    WebhookStore webhooks;

    /** Small in these tests (see application.properties), so the contract reaches it. */
    @ConfigProperty(name = "inboxes.total-exact-up-to")
    long totalExactUpTo;

    @Override
    protected Stores stores() {
        return new Stores(accounts, apiKeys, inboxes, messages, threads, arrivals, outbox, signingKeys, suppressions,
                events, webhooks);
    }

    /** The tables' foreign keys want the account to exist. */
    @Override
    protected String newAccount() {
        return TestAccounts.insert(accounts, Instant.now());
    }

    @Override
    protected long totalExactUpTo() {
        return totalExactUpTo;
    }
}
