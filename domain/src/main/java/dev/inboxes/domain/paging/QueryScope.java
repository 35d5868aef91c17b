package dev.inboxes.domain.paging;

import dev.inboxes.domain.shared.Hashing;
import java.util.Arrays;

/**
 * What a cursor belongs to: the list, the account and the filters that produced it. A cursor carries a
 * fingerprint of its scope, so it cannot continue a different query.
 *
 * @param list      which list, e.g. {@code inboxes} or {@code messages:inb_…}
 * @param accountId the caller's account
 * @param filters   a canonical rendering of the filters; equal filters must render equally
 */
public record QueryScope(String list, String accountId, String filters) {

    static final int FINGERPRINT_BYTES = 8;

    byte[] fingerprint() {
        byte[] digest = Hashing.sha256(list + '\u0000' + accountId + '\u0000' + filters);
        return Arrays.copyOf(digest, FINGERPRINT_BYTES);
    }
}
