package dev.inboxes.domain.account;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;

/**
 * An API key as its account sees it in a list: never the secret.
 *
 * @param prefix     the secret's first {@value ApiKeys#PREFIX_LENGTH} characters, enough to tell keys apart (only
 *                   {@code sk_} for keys issued before prefixes were kept)
 * @param createdAt  microsecond precision, the list's sort key
 * @param lastUsedAt when the key last authenticated a request, to about a minute; {@code null}: never used
 */
public record ApiKey(String id, String prefix, Instant createdAt, Instant lastUsedAt) implements Keyed {

    public static final String ID_PREFIX = "key_";

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, id);
    }
}
