package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.SigningKey;
import dev.inboxes.domain.outbound.SigningKeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A signing key store in memory, counting its reads, for the composer's tests. */
public final class InMemorySigningKeys implements SigningKeyStore {

    private final List<SigningKey> keys = new ArrayList<>();
    private int reads;

    @Override
    public synchronized Optional<SigningKey> current(String domain) {
        reads++;
        return keys.stream().filter(key -> key.domain().equals(domain)).reduce((first, second) -> second);
    }

    @Override
    public synchronized SigningKey addIfNone(SigningKey key) {
        return current(key.domain()).orElseGet(() -> {
            keys.add(key);
            return key;
        });
    }

    @Override
    public synchronized void add(SigningKey key) {
        keys.add(key);
    }

    public synchronized List<SigningKey> all() {
        return List.copyOf(keys);
    }

    public synchronized int reads() {
        return reads;
    }
}
