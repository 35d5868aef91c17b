package dev.inboxes.domain.testing;

import dev.inboxes.domain.shared.RandomIds;

/** The in-memory stores hold to the same contracts as the PostgreSQL stores. */
class InMemoryStoresTest extends StoreContracts {

    private static final long TOTAL_EXACT_UP_TO = 4;

    private final InMemoryInboxStore inboxes = new InMemoryInboxStore(TOTAL_EXACT_UP_TO);
    private final InMemoryAccounts accounts = new InMemoryAccounts();
    private final InMemoryMessageStore messages = new InMemoryMessageStore(inboxes);
    private final InMemoryOutboxStore outbox = new InMemoryOutboxStore(inboxes, messages);
    private final InMemorySigningKeyStore signingKeys = new InMemorySigningKeyStore();
    private final InMemorySuppressionStore suppressions = new InMemorySuppressionStore();
    /** The inbox port the contracts use writes its events here, as the database's triggers do. */
    private final InMemoryEventLog events = new InMemoryEventLog(inboxes);
    private final EventRecordingInboxStore recordingInboxes = new EventRecordingInboxStore(inboxes, events);

    @Override
    protected Stores stores() {
        return new Stores(accounts, accounts, recordingInboxes, messages, messages, messages, outbox, signingKeys,
                suppressions, events, events);
    }

    @Override
    protected String newAccount() {
        return RandomIds.newId("acc_");
    }

    @Override
    protected long totalExactUpTo() {
        return TOTAL_EXACT_UP_TO;
    }
}
