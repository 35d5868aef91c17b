package dev.inboxes.domain.testing;

import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The in-memory {@link SuppressionStore}; {@link SuppressionStoreContract} holds it to the PostgreSQL store's behaviour. */
public class InMemorySuppressionStore implements SuppressionStore {

    private record Key(String accountId, String address) {
    }

    private final Map<Key, Suppression> suppressions = new LinkedHashMap<>();

    @Override
    public synchronized void add(String accountId, Suppression suppression) {
        suppressions.putIfAbsent(new Key(accountId, suppression.address()), new Suppression(suppression.address(),
                suppression.reason(), suppression.createdAt().truncatedTo(ChronoUnit.MICROS)));
    }

    @Override
    public synchronized Set<String> suppressedAmong(String accountId, Collection<String> addresses) {
        return addresses.stream().filter(address -> suppressions.containsKey(new Key(accountId, address)))
                .collect(Collectors.toSet());
    }

    @Override
    public synchronized Slice<Suppression> page(String accountId, Keyset after, int fetchSize, boolean withTotal) {
        return new ListKeysetSource<>(of(accountId)).fetch(after, fetchSize, withTotal);
    }

    @Override
    public synchronized boolean delete(String accountId, String address) {
        return suppressions.remove(new Key(accountId, address)) != null;
    }

    private List<Suppression> of(String accountId) {
        return suppressions.entrySet().stream().filter(entry -> entry.getKey().accountId().equals(accountId))
                .map(Map.Entry::getValue).toList();
    }
}
