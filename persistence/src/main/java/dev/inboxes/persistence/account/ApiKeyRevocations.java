package dev.inboxes.persistence.account;

import dev.inboxes.persistence.notify.NotificationChannel;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Revoked API keys, announced to every replica: each one evicts the key from its authentication cache, so a
 * deleted key stops working everywhere within moments, not after the cache entry expires. After missed
 * notifications, the whole cache is dropped (the next request of each key reads the database once).
 */
@ApplicationScoped
public class ApiKeyRevocations implements NotificationChannel {

    static final String CHANNEL = "inboxes_api_key_revoked";

    @Inject
    @CacheName(PostgresApiKeyStore.API_KEYS_CACHE)
    Cache cache;

    @Override
    public String name() {
        return CHANNEL;
    }

    /** @param keyHash the revoked key's hash: the cache's key */
    @Override
    public void onNotification(String keyHash) {
        evict(keyHash);
    }

    @Override
    public void onMissedNotifications() {
        cache.invalidateAll().await().indefinitely();
    }

    void evict(String keyHash) {
        cache.invalidate(keyHash).await().indefinitely();
    }
}
