package dev.inboxes.domain.outbound;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.paging.Pager;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.Text;

/** An account's suppression list: listed like every list, and lifted one address at a time. */
public final class SuppressionService {

    /** Longer than any address a send accepts: such a value cannot be suppressed. */
    private static final int MAX_ADDRESS_LENGTH = 320;

    private final SuppressionStore store;
    private final Pager pager;

    public SuppressionService(SuppressionStore store, CursorCodec cursors) {
        this.store = store;
        this.pager = new Pager(cursors);
    }

    public Page<Suppression> list(String accountId, PageRequest request) {
        return pager.page(request, new QueryScope("suppressions", accountId, ""),
                (after, fetchSize, withTotal) -> store.page(accountId, after, fetchSize, withTotal));
    }

    /**
     * Lifts the suppression of one address (any case): the account may send to it again.
     *
     * @throws NotFoundException when the address is not suppressed
     */
    public void delete(String accountId, String address) {
        boolean plausible = address != null && !address.isEmpty() && address.length() <= MAX_ADDRESS_LENGTH
                && !Text.hasControlCharacters(address) && Text.unpairedSurrogate(address) < 0;
        if (!plausible || !store.delete(accountId, Suppression.normalize(address))) {
            throw new NotFoundException("The address " + Text.quote(String.valueOf(address)) + " is not suppressed in "
                    + "this account: nothing to lift. List the suppressed addresses (GET /v1/suppressions) to find it.");
        }
    }
}
