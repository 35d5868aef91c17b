package dev.inboxes.domain.testing;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.mail.RecipientDirectory;
import java.util.Optional;

/** A recipient directory that knows one inbox, for tests that receive mail for it; forgetting changes nothing. */
public final class OneInboxDirectory implements RecipientDirectory {

    private final String accountId;
    private final Inbox inbox;

    public OneInboxDirectory(String accountId, Inbox inbox) {
        this.accountId = accountId;
        this.inbox = inbox;
    }

    @Override
    public Optional<Recipient> findByAddress(String address) {
        return address.equals(inbox.address()) ? Optional.of(new Recipient(accountId, inbox.id(), address))
                : Optional.empty();
    }

    @Override
    public void forget(String address) {
    }
}
