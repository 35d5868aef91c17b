package dev.inboxes.persistence.mail;

import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.mail.RecipientDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.Optional;

/** Addresses are unique across accounts (the constraint {@code inboxes_address_key}), so one row at most. */
@ApplicationScoped
public class PanacheRecipientDirectory implements RecipientDirectory {

    @Inject
    EntityManager entityManager;

    @Override
    @Transactional
    public Optional<Recipient> findByAddress(String address) {
        return entityManager.createQuery("select i.accountId, i.id from InboxEntity i where i.address = :address",
                        Object[].class)
                .setParameter("address", address)
                .getResultStream()
                .findFirst()
                .map(row -> new Recipient((String) row[0], (String) row[1], address));
    }
}
