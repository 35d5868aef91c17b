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

/**
 * What every store contract reads its stores from: one {@link Fixture}, which {@link StoreContracts} is for each
 * implementation of the ports, so a contract names the stores it uses and nothing wires them twice.
 */
public abstract class StoreContract {

    /** The stores under test, and how to make an owner for what they hold. */
    public interface Fixture {

        /** Asked for at each test, not at construction: a framework may inject the stores after that. */
        StoreContracts.Stores stores();

        /** A new, empty account the stores accept inboxes for. */
        String newAccount();

        /** How many matches the stores count in a filtered total at most: small in tests, so the bound is reached. */
        long totalExactUpTo();
    }

    protected abstract Fixture fixture();

    protected AccountStore accounts() {
        return fixture().stores().accounts();
    }

    protected ApiKeyStore apiKeys() {
        return fixture().stores().apiKeys();
    }

    protected InboxStore inboxes() {
        return fixture().stores().inboxes();
    }

    protected MessageStore messages() {
        return fixture().stores().messages();
    }

    protected ThreadStore threads() {
        return fixture().stores().threads();
    }

    protected ArrivalStore arrivals() {
        return fixture().stores().arrivals();
    }

    protected OutboxStore outbox() {
        return fixture().stores().outbox();
    }

    protected SigningKeyStore signingKeys() {
        return fixture().stores().signingKeys();
    }

    protected SuppressionStore suppressions() {
        return fixture().stores().suppressions();
    }

    protected EventStore events() {
        return fixture().stores().events();
    }

    protected WebhookStore webhooks() {
        return fixture().stores().webhooks();
    }

    protected String newAccount() {
        return fixture().newAccount();
    }

    protected long totalExactUpTo() {
        return fixture().totalExactUpTo();
    }
}
