package dev.inboxes.persistence.mail;

import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.mail.RecipientDirectory;
import dev.inboxes.persistence.shared.StoreOperation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * Recipient lookups for every {@code RCPT TO}, remembered for a short while (see
 * {@code quarkus.cache.caffeine."recipients"}): a sender delivering message after message to one address asks the
 * database once. Only found addresses are remembered, so a new inbox receives mail at once; a remembered inbox
 * that was deleted since is caught at delivery, which stores nothing for it and asks again.
 */
@ApplicationScoped
@StoreOperation
public class PostgresRecipientDirectory implements RecipientDirectory {

    @Inject
    RecipientLookup lookup;

    @Override
    public Optional<Recipient> findByAddress(String address) {
        try {
            return Optional.of(lookup.find(address));
        } catch (RecipientLookup.NoSuchAddress absent) {
            return Optional.empty();
        }
    }

    @Override
    public void forget(String address) {
        lookup.forget(address);
    }
}
