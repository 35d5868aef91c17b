package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.ConflictException;

/** A confirm token's inboxes are no longer exactly the ones that match: nothing was deleted. */
public class MatchesChangedException extends ConflictException {

    public MatchesChangedException(long confirmed, long now) {
        super("matches-changed", "The inboxes matching these filters changed since the confirm_token was issued "
                + "(it confirmed " + confirmed + ", " + now + " match now), so nothing was deleted. Call again without "
                + "confirm_token to preview the current matches, and confirm them with the user again.");
    }
}
