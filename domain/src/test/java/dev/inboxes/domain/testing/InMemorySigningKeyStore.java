package dev.inboxes.domain.testing;

import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.domain.outbound.SigningKeyStore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The in-memory {@link SigningKeyStore}: a domain's newest key is its current one; a key with the selector of one
 * already held replaces it. {@link SigningKeyStoreContract} holds it to the PostgreSQL store's behaviour.
 */
public class InMemorySigningKeyStore implements SigningKeyStore {

    private static final Comparator<SigningKey> NEWEST_FIRST = Comparator.comparing(SigningKey::createdAt)
            .thenComparing(SigningKey::selector).reversed();

    private final List<SigningKey> keys = new ArrayList<>();

    @Override
    public synchronized Optional<SigningKey> current(String domain) {
        return keys.stream().filter(key -> key.domain().equals(domain)).min(NEWEST_FIRST);
    }

    @Override
    public synchronized SigningKey addIfNone(SigningKey key) {
        Optional<SigningKey> existing = current(key.domain());
        if (existing.isPresent()) {
            return existing.get();
        }
        add(key);
        return key;
    }

    @Override
    public synchronized void add(SigningKey key) {
        keys.removeIf(held -> held.domain().equals(key.domain()) && held.selector().equals(key.selector()));
        keys.add(key);
    }
}
