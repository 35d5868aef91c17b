package dev.inboxes.persistence.mail;

import dev.inboxes.domain.mail.Recipient;
import io.quarkus.cache.CacheInvalidate;
import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * The cached lookup behind {@link PostgresRecipientDirectory}. An absent address is an exception, which the cache
 * does not keep: only answers that found an inbox are remembered. Addresses are unique across accounts (the
 * constraint {@code inboxes_address_key}), so one row at most.
 */
@ApplicationScoped
public class RecipientLookup {

    public static final String CACHE = "recipients";

    @Inject
    EntityManager entityManager;

    @Transactional
    @CacheResult(cacheName = CACHE)
    public Recipient find(String address) {
        return entityManager.createQuery("select i.accountId, i.id from InboxEntity i where i.address = :address",
                        Object[].class)
                .setParameter("address", address)
                .getResultStream()
                .findFirst()
                .map(row -> new Recipient((String) row[0], (String) row[1], address))
                .orElseThrow(NoSuchAddress::new);
    }

    @CacheInvalidate(cacheName = CACHE)
    public void forget(String address) {
        // the annotation does the work
    }

    /** No inbox has the address (without a stack trace: it is an answer, not a failure). */
    static final class NoSuchAddress extends RuntimeException {

        NoSuchAddress() {
            super("no inbox has this address", null, false, false);
        }
    }
}
