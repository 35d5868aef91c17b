package dev.inboxes.mcp.session;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Which account opened which MCP session, in the order of their last use, within a cap per account and a cap
 * overall. Opening a session past a cap evicts the least recently used one (of that account, or of all), and
 * returns what was evicted, so the caller can end those sessions.
 */
public final class SessionOwners {

    private final int perAccount;
    private final int overall;
    /** Session id to account id, least recently used first. */
    private final LinkedHashMap<String, String> owners = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<String, Integer> sessionsByAccount = new HashMap<>();

    public SessionOwners(int perAccount, int overall) {
        if (perAccount < 1 || overall < 1) {
            throw new IllegalArgumentException("session caps must be at least 1");
        }
        this.perAccount = perAccount;
        this.overall = overall;
    }

    /** Records a new session of this account; returns the sessions evicted to stay within the caps. */
    public synchronized List<String> open(String sessionId, String accountId) {
        List<String> evicted = new ArrayList<>();
        if (owners.containsKey(sessionId)) {
            return evicted;
        }
        owners.put(sessionId, accountId);
        int sessions = sessionsByAccount.merge(accountId, 1, Integer::sum);
        if (sessions > perAccount) {
            evicted.add(evictLeastRecentlyUsed(accountId::equals));
        }
        while (owners.size() > overall) {
            evicted.add(evictLeastRecentlyUsed(account -> true));
        }
        return evicted;
    }

    /** Whether this account opened the session; a use of it that counts for the eviction order. */
    public synchronized boolean use(String sessionId, String accountId) {
        return Objects.equals(owners.get(sessionId), accountId);
    }

    public synchronized boolean isKnown(String sessionId) {
        return owners.containsKey(sessionId);
    }

    public synchronized void close(String sessionId) {
        String account = owners.remove(sessionId);
        if (account != null) {
            sessionsByAccount.computeIfPresent(account, (key, count) -> count == 1 ? null : count - 1);
        }
    }

    /** Forgets the sessions that no longer exist. */
    public synchronized void retainAll(Predicate<String> exists) {
        for (String sessionId : List.copyOf(owners.keySet())) {
            if (!exists.test(sessionId)) {
                close(sessionId);
            }
        }
    }

    public synchronized int size() {
        return owners.size();
    }

    private String evictLeastRecentlyUsed(Predicate<String> ofAccount) {
        for (Iterator<Map.Entry<String, String>> sessions = owners.entrySet().iterator(); sessions.hasNext(); ) {
            Map.Entry<String, String> session = sessions.next();
            if (ofAccount.test(session.getValue())) {
                String sessionId = session.getKey();
                close(sessionId);
                return sessionId;
            }
        }
        throw new IllegalStateException("no session to evict");
    }
}
