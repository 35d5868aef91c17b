package dev.inboxes.domain.outbound;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.time.Instant;
import java.util.Locale;

/**
 * An address the account sends nothing to any more, and why.
 *
 * @param address   lower case: one suppression per address, whatever case a send writes it in
 * @param reason    why it was suppressed, e.g. {@value #HARD_BOUNCE}
 * @param createdAt microsecond precision; with the address, the list's sort key
 */
public record Suppression(String address, String reason, Instant createdAt) implements Keyed {

    /** A later hop reported the address permanently undeliverable (a 5.x.x delivery status notification). */
    public static final String HARD_BOUNCE = "hard-bounce";

    @Override
    public Keyset keyset() {
        return new Keyset(createdAt, address);
    }

    /** The form addresses are suppressed and looked up in. */
    public static String normalize(String address) {
        return address.toLowerCase(Locale.ROOT);
    }
}
