package dev.inboxes.domain.inbox;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.InvalidCursorException;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.QueryScope;
import dev.inboxes.domain.shared.InvalidArgumentException;
import java.time.Duration;
import java.time.Instant;

/**
 * Confirm tokens of bulk deletes, signed like cursors (the same HMAC keys, so they rotate with them) and bound to
 * the account, the filter and the exact matches: the issue time is the token's position, the matches its id.
 */
final class BulkDeleteTokens {

    /** Time enough to ask a user; a token older than this is refused and the deletion previewed again. */
    static final Duration LIFETIME = Duration.ofHours(1);
    /** Replicas' clocks may differ a little: a token from a few seconds in the future is still genuine. */
    private static final Duration CLOCK_SKEW = Duration.ofSeconds(30);
    private static final String PREVIEW_AGAIN = " Preview the deletion again (the same call without confirm_token) to "
            + "get a new token.";

    private final CursorCodec codec;

    BulkDeleteTokens(CursorCodec codec) {
        this.codec = codec;
    }

    String issue(String accountId, InboxFilter filter, InboxMatches matches, Instant now) {
        return codec.encode(new Keyset(now, matches.count() + "." + Long.toHexString(matches.fingerprint())),
                scope(accountId, filter));
    }

    /**
     * @return the matches the token confirmed
     * @throws InvalidArgumentException when the token is damaged, expired, or was issued for another account or
     *                                  filter
     */
    InboxMatches verify(String token, String accountId, InboxFilter filter, Instant now) {
        Keyset issued;
        try {
            issued = codec.decode(token, scope(accountId, filter));
        } catch (CursorMismatchException e) {
            throw new InvalidArgumentException("confirm_token", "This confirm_token was issued for other filters. "
                    + "Repeat exactly the q, created_after and created_before of the preview that returned it." + PREVIEW_AGAIN);
        } catch (InvalidCursorException e) {
            throw new InvalidArgumentException("confirm_token", "The confirm_token is malformed or was altered: pass it "
                    + "exactly as the preview returned it." + PREVIEW_AGAIN);
        }
        if (issued.at().plus(LIFETIME).isBefore(now) || issued.at().isAfter(now.plus(CLOCK_SKEW))) {
            throw new InvalidArgumentException("confirm_token", "The confirm_token expired: a token is valid for "
                    + LIFETIME.toMinutes() + " minutes." + PREVIEW_AGAIN + " Confirm the new count with the user.");
        }
        int dot = issued.id().indexOf('.');
        return new InboxMatches(Long.parseLong(issued.id().substring(0, dot)),
                Long.parseUnsignedLong(issued.id().substring(dot + 1), 16));
    }

    private static QueryScope scope(String accountId, InboxFilter filter) {
        return new QueryScope("inboxes:bulk-delete", accountId, filter.canonical());
    }
}
